import { describe, expect, it } from 'vitest';
import { USAGE, UsageError, parse } from './admin-args.js';

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
    [['show'], '--email is required.'],
    [['show', '--email', '  '], '--email is required.'],
    [['show', '--email', 'a@b.c', '--bogus'], "Unknown option '--bogus'"],
    [['show', '--email', 'a@b.c', 'extra'], 'Unexpected argument "extra".'],
    [['revoke', '--email', 'a@b.c', '--plan', 'pro_month'], '--plan only applies to grant.'],
  ])('refuses %j with a usage error that says why', (args, why) => {
    expect(() => parse(args)).toThrow(UsageError);
    expect(() => parse(args)).toThrow(why);
  });

  it('the usage names every command and every paid plan', () => {
    for (const word of ['grant', 'revoke', 'show', 'outbox', 'pro_month', 'business_year']) expect(USAGE).toContain(word);
    expect(USAGE).not.toContain('normal|');
  });
});
