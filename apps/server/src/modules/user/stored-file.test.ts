import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStoredFile, storedFileKey } from './stored-file.js';

const OWN = ['http://127.0.0.1:3000', 'https://packsmith.example'];

describe('storedFileKey', () => {
  it.each([
    ['/files/u/abc/2026/01/x.png', 'u/abc/2026/01/x.png'],
    ['/files/u/abc/x.png?v=2#frag', 'u/abc/x.png'],
    ['https://packsmith.example/files/a%20b.png', 'a b.png'],
    ['http://127.0.0.1:3000/files/x.jpg', 'x.jpg'],
  ])('%j → %j', (url, key) => {
    expect(storedFileKey(url, OWN)).toBe(key);
  });

  it.each([
    '/files/../db/PG_VERSION',
    '/files/u/%2e%2e/%2e%2e/secret',
    '/files/..%2fsecret',
    '/files/a%5C..%5Cb',
    '/files/',
    '/files//etc/passwd',
    '/other/x.png',
    '//evil.example/files/x.png',
    'https://evil.example/files/x.png',
    'https://user:pw@packsmith.example/files/x.png',
    'file:///etc/passwd',
    'x.png',
  ])('refuses %j', (url) => {
    expect(storedFileKey(url, OWN)).toBeNull();
  });
});

describe('openStoredFile', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stored-file-'));
  fs.mkdirSync(path.join(dir, 'u', 'a'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'u', 'a', 'x.png'), Buffer.from('png-bytes'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('opens a file with its size, name and type', async () => {
    const f = await openStoredFile(dir, 'u/a/x.png');
    expect(f).toMatchObject({ size: 9, filename: 'x.png', contentType: 'image/png' });
    const chunks: Buffer[] = [];
    for await (const c of f?.body ?? []) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('png-bytes');
  });

  it('answers null for a missing file or a folder', async () => {
    expect(await openStoredFile(dir, 'u/a/missing.png')).toBeNull();
    expect(await openStoredFile(dir, 'u/a')).toBeNull();
  });
});
