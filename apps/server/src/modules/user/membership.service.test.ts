import { describe, expect, it } from 'vitest';
import { planPeriodEnd } from './membership.service.js';

describe('planPeriodEnd', () => {
  it('adds one calendar month or year', () => {
    expect(planPeriodEnd(new Date('2026-01-15T10:00:00Z'), 'month').toISOString()).toBe('2026-02-15T10:00:00.000Z');
    expect(planPeriodEnd(new Date('2026-12-15T10:00:00Z'), 'month').toISOString()).toBe('2027-01-15T10:00:00.000Z');
    expect(planPeriodEnd(new Date('2026-03-01T00:00:00Z'), 'year').toISOString()).toBe('2027-03-01T00:00:00.000Z');
  });
});
