import { describe, expect, it } from 'vitest';
import { USAGE, UsageError, parse } from './admin-args.js';

const NOW = new Date('2026-11-28T10:00:00Z');

describe('admin command line', () => {
  it('reads each command with its email (trimmed, lower case) and the plan of a grant', () => {
    expect(parse(['grant', '--email', ' Ann@Example.com ', '--plan', 'pro_month'])).toEqual({ command: 'grant', email: 'ann@example.com', plan: 'pro_month' });
    expect(parse(['revoke', '--email', 'a@b.c'])).toEqual({ command: 'revoke', email: 'a@b.c', plan: null });
    expect(parse(['show', '--email', 'a@b.c'])).toEqual({ command: 'show', email: 'a@b.c', plan: null });
    expect(parse(['outbox', '--email', 'a@b.c'])).toEqual({ command: 'outbox', email: 'a@b.c', plan: null });
  });

  it.each([
    [[], 'Missing command.'],
    [['frobnicate', '--email', 'a@b.c'], 'Unknown command "frobnicate".'],
    [['grant', '--email', 'a@b.c'], '--plan must be one of'],
    [['grant', '--email', 'a@b.c', '--plan', 'gold'], '--plan must be one of'],
    [['grant', '--email', 'a@b.c', '--plan', 'normal'], '--plan must be one of'],
    [['grant', '--email', 'a@b.c', '--plan', 'pro_month,pro_year'], '--plan must be one of'],
    [['show'], '--email is required.'],
    [['show', '--email', '  '], '--email is required.'],
    [['show', '--email', 'a@b.c', '--bogus'], "Unknown option '--bogus'"],
    [['show', '--email', 'a@b.c', 'extra'], 'Unexpected argument "extra".'],
    [['revoke', '--email', 'a@b.c', '--plan', 'pro_month'], '--plan only applies to grant, code and promo.'],
    [['show', '--email', 'a@b.c', '--credits', '5'], '--credits does not apply to show.'],
  ])('refuses %j with a usage error that says why', (args, why) => {
    expect(() => parse(args)).toThrow(UsageError);
    expect(() => parse(args)).toThrow(why);
  });

  it('the usage names every command and every paid plan', () => {
    for (const word of [
      'grant',
      'revoke',
      'show',
      'outbox',
      'make-admin',
      'code --credits',
      'code --plan',
      'code --lifetime',
      'promo --code',
      'pro_month',
      'business_year',
    ])
      expect(USAGE).toContain(word);
    expect(USAGE).not.toContain('normal|');
  });
});

describe('admin make-admin', () => {
  it('turns admin on, or off with --off', () => {
    expect(parse(['make-admin', '--email', 'Boss@Example.com'])).toEqual({ command: 'make-admin', email: 'boss@example.com', on: true });
    expect(parse(['make-admin', '--email', 'boss@example.com', '--off'])).toEqual({ command: 'make-admin', email: 'boss@example.com', on: false });
  });

  it.each([
    [['make-admin'], '--email is required.'],
    [['make-admin', '--email', 'a@b.c', '--plan', 'pro_month'], '--plan only applies to'],
    [['show', '--email', 'a@b.c', '--off'], '--off does not apply to show.'],
  ])('refuses %j', (args, why) => {
    expect(() => parse(args)).toThrow(why);
  });
});

describe('admin code', () => {
  it('makes credits codes: one by default, source cli', () => {
    expect(parse(['code', '--credits', '500'])).toEqual({ command: 'code', kind: 'credits', credits: 500, plan: null, days: null, count: 1, source: 'cli' });
    expect(parse(['code', '--credits', '20', '--count', '25', '--source', 'newsletter'])).toMatchObject({
      kind: 'credits',
      credits: 20,
      count: 25,
      source: 'newsletter',
    });
  });

  it('makes plan codes for some days, or for the plan period when --days is left out', () => {
    expect(parse(['code', '--plan', 'pro_month', '--days', '30'])).toEqual({
      command: 'code',
      kind: 'plan',
      credits: 0,
      plan: 'pro_month',
      days: 30,
      count: 1,
      source: 'cli',
    });
    expect(parse(['code', '--plan', 'business_year'])).toMatchObject({ kind: 'plan', plan: 'business_year', days: null });
  });

  it('makes lifetime codes for a plan', () => {
    expect(parse(['code', '--lifetime', '--plan', 'pro_plus_month', '--count', '3', '--source', 'oncely'])).toEqual({
      command: 'code',
      kind: 'lifetime',
      credits: 0,
      plan: 'pro_plus_month',
      days: null,
      count: 3,
      source: 'oncely',
    });
  });

  it.each([
    [['code'], 'Say what the code gives'],
    [['code', '--credits', '0'], '--credits must be a whole number from 1 to 1000000.'],
    [['code', '--credits=-5'], '--credits must be a whole number'],
    [['code', '--credits', '2.5'], '--credits must be a whole number'],
    [['code', '--credits', 'many'], '--credits must be a whole number'],
    [['code', '--credits', '5', '--plan', 'pro_month'], 'A code gives credits or a plan, not both'],
    [['code', '--days', '30'], '--days needs --plan <plan>.'],
    [['code', '--plan', 'gold'], '--plan must be one of'],
    [['code', '--plan', 'pro_month', '--plan', 'pro_year'], 'A code grants one plan'],
    [['code', '--plan', 'pro_month', '--days', '0'], '--days must be a whole number from 1 to 3660.'],
    [['code', '--lifetime'], '--lifetime needs --plan <plan>'],
    [['code', '--lifetime', '--plan', 'pro_month', '--days', '30'], '--lifetime takes no --credits or --days'],
    [['code', '--credits', '5', '--count', '0'], '--count must be a whole number from 1 to 500.'],
    [['code', '--credits', '5', '--count', '501'], '--count must be a whole number from 1 to 500.'],
    [['code', '--credits', '5', '--source', ''], '--source is a short name'],
    [['code', '--credits', '5', '--email', 'a@b.c'], '--email does not apply to code.'],
  ])('refuses %j', (args, why) => {
    expect(() => parse(args)).toThrow(UsageError);
    expect(() => parse(args)).toThrow(why);
  });
});

describe('admin promo', () => {
  it('creates a code for the named plans (repeated or a comma list), upper case', () => {
    expect(parse(['promo', '--code', 'spring25', '--percent', '25', '--plan', 'pro_month'], NOW)).toEqual({
      command: 'promo',
      code: 'SPRING25',
      percent: 25,
      plans: ['pro_month'],
      expiresAt: null,
      max: null,
    });
    expect(
      parse(['promo', '--code', 'X-1', '--percent', '10', '--plan', 'pro_month,pro_year', '--plan', 'business_year', '--plan', 'pro_month'], NOW),
    ).toMatchObject({
      plans: ['pro_month', 'pro_year', 'business_year'],
    });
  });

  it('every plan when --plan is left out; an expiry day (to its end, UTC) and a maximum of uses', () => {
    expect(parse(['promo', '--code', 'ALL50', '--percent', '50', '--expires', '2027-01-31', '--max', '100'], NOW)).toEqual({
      command: 'promo',
      code: 'ALL50',
      percent: 50,
      plans: [],
      expiresAt: new Date('2027-01-31T23:59:59.999Z'),
      max: 100,
    });
    // Today still counts: the code works until the day ends.
    expect(parse(['promo', '--code', 'TODAY', '--percent', '5', '--expires', '2026-11-28'], NOW)).toMatchObject({
      expiresAt: new Date('2026-11-28T23:59:59.999Z'),
    });
  });

  it.each([
    [['promo', '--percent', '10'], '--code is required'],
    [['promo', '--code', 'ab', '--percent', '10'], '--code: Enter a code of at least 3 characters.'],
    [['promo', '--code', 'NO SPACE', '--percent', '10'], '--code: Codes use letters, digits, dashes and underscores only.'],
    [['promo', '--code', 'SPRING'], '--percent is required (1-100).'],
    [['promo', '--code', 'SPRING', '--percent', '0'], '--percent must be a whole number from 1 to 100.'],
    [['promo', '--code', 'SPRING', '--percent', '101'], '--percent must be a whole number from 1 to 100.'],
    [['promo', '--code', 'SPRING', '--percent', '10', '--plan', 'normal'], '--plan must be one of'],
    [['promo', '--code', 'SPRING', '--percent', '10', '--expires', '31/01/2027'], '--expires must be a date as YYYY-MM-DD.'],
    [['promo', '--code', 'SPRING', '--percent', '10', '--expires', '2027-02-30'], '--expires must be a date as YYYY-MM-DD.'],
    [['promo', '--code', 'SPRING', '--percent', '10', '--expires', '2026-11-27'], '--expires must be a day that has not passed yet.'],
    [['promo', '--code', 'SPRING', '--percent', '10', '--max', '0'], '--max must be a whole number from 1 to 1000000.'],
    [['promo', '--code', 'SPRING', '--percent', '10', '--days', '3'], '--days does not apply to promo.'],
  ])('refuses %j', (args, why) => {
    expect(() => parse(args, NOW)).toThrow(UsageError);
    expect(() => parse(args, NOW)).toThrow(why);
  });
});
