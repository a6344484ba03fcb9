import { describe, expect, it } from 'vitest';
import { Rng, hash32 } from './random.js';

describe('Rng', () => {
  it('repeats the same sequence for the same key', () => {
    const a = new Rng('brief|7');
    const b = new Rng('brief|7');
    const seqA = Array.from({ length: 20 }, () => a.next());
    const seqB = Array.from({ length: 20 }, () => b.next());
    expect(seqA).toEqual(seqB);
    expect(seqA.every((v) => v >= 0 && v < 1)).toBe(true);
  });

  it('gives different sequences for different keys and forks', () => {
    const a = new Rng('brief|7');
    const b = new Rng('brief|8');
    expect(a.next()).not.toBe(b.next());
    const root = new Rng('x');
    expect(root.fork('palette').next()).not.toBe(root.fork('layout').next());
  });

  it('keeps a fork stable whatever the parent drew before', () => {
    const p1 = new Rng('k');
    const p2 = new Rng('k');
    p2.next();
    p2.next();
    expect(p1.fork('icons').next()).toBe(p2.fork('icons').next());
  });

  it('picks only listed items and honours weights', () => {
    const r = new Rng('w');
    const counts = { a: 0, b: 0 };
    for (let i = 0; i < 2000; i++)
      counts[
        r.weighted([
          ['a', 9],
          ['b', 1],
        ] as const)
      ]++;
    expect(counts.a).toBeGreaterThan(counts.b * 4);
    expect(r.int(3, 5)).toBeGreaterThanOrEqual(3);
    expect(hash32('abc')).toBe(hash32('abc'));
    expect(hash32('abc')).not.toBe(hash32('abd'));
  });
});
