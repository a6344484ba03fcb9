import { UploadHistoryItemSchema } from '@packsmith/contracts';
import type { z } from 'zod';

export type UploadHistoryItem = z.infer<typeof UploadHistoryItemSchema>;
export const UPLOAD_HISTORY_MAX = 200;

/**
 * The stored shape of a user's upload history: newest first (by `time`; untimed items keep their
 * order after the timed ones), one entry per url (the newest wins), at most 200 entries.
 * Stored JSON that no longer matches the schema is dropped rather than failing the whole list.
 */
export function normalizeUploadHistory(items: readonly unknown[]): UploadHistoryItem[] {
  const valid: UploadHistoryItem[] = [];
  for (const item of items) {
    const parsed = UploadHistoryItemSchema.safeParse(item);
    if (parsed.success) valid.push(parsed.data);
  }
  const sorted = valid
    .map((item, index) => ({ item, index }))
    .sort((a, b) => (b.item.time ?? -Infinity) - (a.item.time ?? -Infinity) || a.index - b.index)
    .map((x) => x.item);
  const seen = new Set<string>();
  const out: UploadHistoryItem[] = [];
  for (const item of sorted) {
    if (seen.has(item.url)) continue;
    seen.add(item.url);
    out.push(item);
    if (out.length === UPLOAD_HISTORY_MAX) break;
  }
  return out;
}
