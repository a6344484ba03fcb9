import { describe, expect, it } from 'vitest';
import type { DesignBrief } from '@packsmith/contracts';
import { changedFields, describeChanges } from './chat.service.js';

const base: DesignBrief = {
  product: 'oat milk',
  brand: 'Nova',
  box: ['mailer-box'],
  box_id: 201,
  element: ['oats'],
  style: ['minimalist'],
  color: ['green', 'cream'],
  logo: '',
};

describe('edits apply only what the words changed', () => {
  it('lists the changed design fields, and nothing for an unchanged brief', () => {
    expect(changedFields(base, { ...base, brand: 'Orbit', color: ['red'] })).toEqual({ brand: 'Orbit', color: ['red'] });
    expect(changedFields(base, { ...base, box: ['pouch'], logo: '/x.png' })).toEqual({});
  });

  it('describes the change for the acknowledgement', () => {
    expect(describeChanges(base, { ...base, brand: 'Orbit', color: ['red', 'gold'] })).toBe('brand "Orbit"; colours red, gold');
    expect(describeChanges(base, base)).toBe('a fresh take on the same brief');
  });
});
