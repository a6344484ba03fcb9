import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage.js';

const KEY = 'u/user1/2025/03/abcdefghijklmnopqrstuv.png';

describe('local storage', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'local-storage-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const storage = createLocalStorage({ rootDir: path.join(root, 'files'), publicUrl: null });

  it('puts, reads, streams, heads and deletes a file under its key', async () => {
    await storage.put(KEY, Buffer.from('png bytes'), 'image/png');
    expect(fs.readFileSync(path.join(root, 'files', ...KEY.split('/')), 'utf8')).toBe('png bytes');
    expect((await storage.get(KEY))?.toString()).toBe('png bytes');
    expect(await storage.head(KEY)).toEqual({ size: 9, contentType: 'image/png' });
    const s = await storage.stream(KEY);
    expect(s && (await text(s.body))).toBe('png bytes');
    await storage.delete(KEY);
    expect(await storage.get(KEY)).toBeNull();
    expect(await storage.head(KEY)).toBeNull();
    expect(await storage.stream(KEY)).toBeNull();
    await storage.delete(KEY);
  });

  it('replaces atomically and leaves no temp files behind', async () => {
    await storage.put(KEY, Buffer.alloc(1_000_000, 1), 'image/png');
    await storage.put(KEY, Buffer.from('second'), 'image/png');
    expect((await storage.get(KEY))?.toString()).toBe('second');
    expect(fs.readdirSync(path.join(root, 'files', '.tmp'))).toEqual([]);
  });

  it('refuses unsafe keys before touching the disk', async () => {
    fs.writeFileSync(path.join(root, 'outside.txt'), 'secret');
    for (const key of ['../outside.txt', '../../etc/passwd', '/etc/passwd', 'u/../../outside.txt']) {
      await expect(storage.get(key)).rejects.toThrow(/unsafe key/);
      await expect(storage.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(/unsafe key/);
      await expect(storage.delete(key)).rejects.toThrow(/unsafe key/);
    }
    expect(fs.readFileSync(path.join(root, 'outside.txt'), 'utf8')).toBe('secret');
  });

  it('answers relative URLs without PUBLIC_URL and absolute ones with it, and maps both back', () => {
    expect(storage.publicUrl(KEY)).toBe(`/files/${KEY}`);
    expect(storage.keyFromUrl(`/files/${KEY}`)).toBe(KEY);
    expect(storage.keyFromUrl(`http://localhost:3000/files/${KEY}`)).toBeNull();
    const withOrigin = createLocalStorage({ rootDir: root, publicUrl: 'https://packsmith.example/' });
    expect(withOrigin.publicUrl(KEY)).toBe(`https://packsmith.example/files/${KEY}`);
    expect(withOrigin.keyFromUrl(`https://packsmith.example/files/${KEY}`)).toBe(KEY);
    expect(withOrigin.keyFromUrl(`/files/${KEY}`)).toBe(KEY);
    expect(withOrigin.keyFromUrl(`https://other.example/files/${KEY}`)).toBeNull();
  });
});
