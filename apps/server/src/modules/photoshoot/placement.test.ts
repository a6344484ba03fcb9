import { describe, expect, it } from 'vitest';
import { matchesProportions } from './placement.js';

describe('matchesProportions', () => {
  it('accepts the background proportions with canvas rounding, refuses a stretched box', () => {
    expect(matchesProportions({ backW: 1024, backH: 683 }, { width: 2048, height: 1365 })).toBe(true);
    expect(matchesProportions({ backW: 768, backH: 1024 }, { width: 1536, height: 2048 })).toBe(true);
    expect(matchesProportions({ backW: 1024, backH: 1024 }, { width: 2048, height: 1536 })).toBe(false);
    expect(matchesProportions({ backW: 1024, backH: 700 }, { width: 2048, height: 1365 })).toBe(false);
  });
});
