import { describe, expect, it } from 'vitest';
import { UPLOAD_HISTORY_MAX, normalizeUploadHistory } from './upload-history.js';

describe('normalizeUploadHistory', () => {
  it('orders newest first, untimed items after timed ones in their given order', () => {
    const out = normalizeUploadHistory([{ url: 'a', time: 1 }, { url: 'u1' }, { url: 'b', time: 3 }, { url: 'u2' }, { url: 'c', time: 2 }]);
    expect(out.map((i) => i.url)).toEqual(['b', 'c', 'a', 'u1', 'u2']);
  });

  it('keeps one entry per url, the newest', () => {
    const out = normalizeUploadHistory([
      { url: 'a', time: 1, name: 'old' },
      { url: 'a', time: 5, name: 'new' },
    ]);
    expect(out).toEqual([{ url: 'a', time: 5, name: 'new' }]);
  });

  it('keeps at most 200, dropping the oldest', () => {
    const items = Array.from({ length: 250 }, (_, i) => ({ url: `u${i}`, time: i }));
    const out = normalizeUploadHistory(items);
    expect(out).toHaveLength(UPLOAD_HISTORY_MAX);
    expect(out[0]?.url).toBe('u249');
    expect(out.at(-1)?.url).toBe('u50');
  });

  it('drops stored entries that are not history items', () => {
    expect(normalizeUploadHistory([null, 3, { nope: 1 }, { url: 'ok' }])).toEqual([{ url: 'ok' }]);
  });
});
