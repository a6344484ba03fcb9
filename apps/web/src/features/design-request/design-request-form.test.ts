import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, fieldOfMessage, firstInvalid, parseDraft, toInput, validate } from './design-request-form';

const filled = {
  ...EMPTY_FORM,
  name: 'Mira',
  email: 'mira@example.com',
  country: 'UK',
  product: 'Tea',
  brand: 'Leafline',
  packaging_type: 'not-sure',
  quantity: '1 000',
};

describe('design request form model', () => {
  it('turns the typed form into the call input: quantity as a number, blank choices and empty links left out', () => {
    const input = toInput({ ...filled, links: ['  https://a.example/x ', ''], price_point: '', budget: 'not-sure' });
    expect(input).toMatchObject({ quantity: 1000, links: ['https://a.example/x'], budget: 'not-sure' });
    expect('price_point' in input).toBe(false);
    expect(Number.isNaN(toInput({ ...filled, quantity: '' }).quantity)).toBe(true);
  });

  it('validates with the contract messages, and the deadline against today', () => {
    expect(validate(filled, '2026-12-01')).toEqual({});
    expect(validate({ ...filled, quantity: '' })).toEqual({ quantity: 'quantity is required: about how many packs?' });
    expect(validate({ ...filled, quantity: '2.5' })).toEqual({ quantity: 'quantity must be a whole number.' });
    expect(validate({ ...filled, quantity: '0' })).toEqual({ quantity: 'quantity must be at least 1.' });
    expect(validate({ ...filled, deadline: '2026-11-30' }, '2026-12-01')).toEqual({ deadline: 'deadline: pick today or a later date.' });
    expect(validate({ ...filled, deadline: '2026-12-01' }, '2026-12-01')).toEqual({});
    expect(validate({ ...filled, links: ['ftp://x'] }).links).toMatch(/^links: /);
    const empty = validate(EMPTY_FORM);
    expect(firstInvalid(empty)).toBe('name');
    expect(Object.keys(empty)).toEqual(expect.arrayContaining(['name', 'email', 'country', 'product', 'brand', 'packaging_type', 'quantity']));
  });

  it('finds the field a server message names', () => {
    expect(fieldOfMessage('notes: must not contain HTML or script tags (<…>).')).toBe('notes');
    expect(fieldOfMessage('email is required.')).toBe('email');
    expect(fieldOfMessage('attachments[3]: This image belongs to someone else.')).toBe('attachments');
    expect(fieldOfMessage('links.1: each must be a web address')).toBe('links');
    expect(fieldOfMessage('Please sign in first.')).toBeNull();
    expect(fieldOfMessage('token: expired')).toBeNull();
  });

  it('reads a draft back defensively', () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft('{not json')).toBeNull();
    const d = parseDraft(
      JSON.stringify({
        brand: 'X',
        quantity: 5,
        services: ['redesign', 3],
        links: [],
        attachments: [{ url: '/files/a.png', width: 1, height: 1 }, { url: 1 }],
      }),
    );
    expect(d).toMatchObject({ brand: 'X', quantity: '', services: ['redesign'], links: [''] });
    expect(d?.attachments).toEqual([{ url: '/files/a.png', width: 1, height: 1 }]);
  });
});
