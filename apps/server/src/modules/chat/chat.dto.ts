import { ChatKindSchema, type ChatMessage } from '@packsmith/contracts';
import type { ChatMessageRow } from './chat.repo.js';

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
}

/**
 * The SPEC §3 chat message for a row. The stored data is re-checked where the contract types it
 * (imageUrls), so one malformed row cannot turn a history call into a 500.
 */
export function toChatMessageDto(row: ChatMessageRow): ChatMessage {
  const kind = ChatKindSchema.safeParse(row.kind);
  const stored = row.data && typeof row.data === 'object' && !Array.isArray(row.data) ? row.data : {};
  const { imageUrls, ...rest } = stored;
  const urls = stringList(imageUrls);
  return {
    msg_id: row.id,
    project_id: row.projectId,
    role: row.role,
    isloading: row.isLoading,
    time: row.createAt,
    content: { message: row.message, type: kind.success ? kind.data : 'text' },
    data: urls ? { ...rest, imageUrls: urls } : rest,
    reference_img: row.referenceImg,
    create_at: row.createAt,
  };
}
