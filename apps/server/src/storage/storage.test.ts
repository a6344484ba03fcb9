import { describe, expect, it } from 'vitest';
import { assertSafeKey, incomingKeyOwner, isFileKey, keyFromOwnUrl, newFileKey } from './storage.js';

const KEY = 'u/user_1-A/2025/03/abcdefghijklmnopqrstuv.png';

describe('storage keys', () => {
  it('are generated as u/<user>/<yyyy>/<mm>/<random>.<ext>', () => {
    const key = newFileKey('user_1-A', 'jpg', new Date('2025-03-09T00:00:00Z'));
    expect(key).toMatch(/^u\/user_1-A\/2025\/03\/[A-Za-z0-9_-]{22}\.jpg$/);
    expect(isFileKey(key)).toBe(true);
    expect(newFileKey('user_1-A', 'jpg', new Date())).not.toBe(key);
    expect(() => newFileKey('../x', 'png', new Date())).toThrow();
  });

  it('refuse anything that is not exactly a file key or an incoming key', () => {
    for (const bad of [
      '',
      '/etc/passwd',
      '../secret',
      'u/../../secret',
      'u/a/2025/03/../../x.png',
      'u/a/2025/13/abcdefghijklmnopqrstuv.png',
      `${KEY}/`,
      `/${KEY}`,
      'u/a//2025/03/abcdefghijklmnopqrstuv.png',
      'u/a/2025/03/abcdefghijklmnopqrstuv.gif',
      'u/a/2025/03/abcdefghijklmnopqrstuv.svg.png.html',
      'incoming/a/../x',
      'incoming/a/.hidden',
      'secret',
      'u\\a\\x.png',
    ]) {
      expect(() => assertSafeKey(bad), bad).toThrow(/unsafe key/);
    }
    expect(() => assertSafeKey(KEY)).not.toThrow();
    // Generated print files (dielines); uploads never produce this extension.
    expect(() => assertSafeKey('u/a/2025/03/abcdefghijklmnopqrstuv.svg')).not.toThrow();
    expect(() => assertSafeKey('incoming/user_1/photo.v2.png')).not.toThrow();
    expect(incomingKeyOwner('incoming/user_1/photo.png')).toBe('user_1');
    expect(incomingKeyOwner(KEY)).toBeNull();
  });
});

describe('keyFromOwnUrl', () => {
  const bases = ['https://cdn.example.com/assets', 'http://127.0.0.1:9000/bucket'];

  it('resolves our relative and absolute URLs, ignoring query and fragment', () => {
    expect(keyFromOwnUrl(`/files/${KEY}`, [], '/files/')).toBe(KEY);
    expect(keyFromOwnUrl(`/files/${KEY}?v=2#x`, [], '/files/')).toBe(KEY);
    expect(keyFromOwnUrl(`https://cdn.example.com/assets/${KEY}`, bases, null)).toBe(KEY);
    expect(keyFromOwnUrl(`http://127.0.0.1:9000/bucket/${KEY}`, bases, null)).toBe(KEY);
    expect(keyFromOwnUrl(`/files/${KEY.replace(/\//g, '%2F')}`, [], '/files/')).toBe(KEY);
  });

  it('refuses every other URL', () => {
    for (const url of [
      'http://example.com/image.png',
      `http://example.com/files/${KEY}`,
      `//example.com/files/${KEY}`,
      `/\\example.com/files/${KEY}`,
      `https://cdn.example.com.evil.com/assets/${KEY}`,
      `https://user:pw@cdn.example.com/assets/${KEY}`,
      `http://cdn.example.com/assets/${KEY}`,
      `https://cdn.example.com/other/${KEY}`,
      `https://cdn.example.com/assets/../assets/${KEY}x`,
      `/files/${KEY}`,
      `/files/../db/${KEY}`,
      '/files/..%2f..%2fsecret',
      '/files/incoming/u/photo.png',
      'file:///etc/passwd',
      'data:image/png;base64,AAAA',
      '',
      'not a url',
    ]) {
      expect(keyFromOwnUrl(url, bases, url === `/files/${KEY}` ? null : '/files/'), url).toBeNull();
    }
  });
});
