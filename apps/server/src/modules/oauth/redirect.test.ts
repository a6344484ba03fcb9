import { describe, expect, it } from 'vitest';
import { safeRedirectPath, withQueryParam } from './redirect.js';

const OWN = 'https://packsmith.example';

describe('safeRedirectPath', () => {
  it.each([
    ['', '/'],
    ['/', '/'],
    ['/design-chat?pid=1#x', '/design-chat?pid=1#x'],
    ['/a/../b', '/b'],
    [`${OWN}/pricing?x=1`, '/pricing?x=1'],
  ])('%j → %j', (input, out) => {
    expect(safeRedirectPath(input, OWN)).toBe(out);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'http://packsmith.example/x',
    'https://packsmith.example.evil.example/',
    'design-chat',
    '/x\ny',
  ])('refuses %j', (input) => {
    expect(safeRedirectPath(input, OWN)).toBeNull();
  });
});

describe('withQueryParam', () => {
  it('adds to an existing query and keeps the hash', () => {
    expect(withQueryParam('/a?b=1#h', 'token', 't/+=')).toBe('/a?b=1&token=t%2F%2B%3D#h');
    expect(withQueryParam('/', 'token', 'abc')).toBe('/?token=abc');
  });
});
