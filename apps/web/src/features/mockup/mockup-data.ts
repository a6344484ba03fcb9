import type { ChatMessage, GenerateRecord } from '@packsmith/contracts';
import { endsRecord, recordIdOf } from '../chat/chat-data';

/*
 * What a mockup chat message means for the studio (SPEC §3 kinds mockupHandle, mockupGenerate,
 * mockupCustom, error). A message whose data does not fit means nothing here; the chat still shows
 * its text.
 */

export type MockupTask = 'generate' | 'custom';

export type MockupEffect =
  /** A render or a custom template is on its way (its record named). */
  | { kind: 'handle'; recordId: string; task: MockupTask }
  /** A render's images. */
  | { kind: 'results'; recordId: string | null; urls: string[]; templateId: string | null }
  /** A custom template was made from the visitor's photo. */
  | { kind: 'custom'; recordId: string | null; templateId: string; thumbnailUrl: string | null }
  /** A photo could not become a template: the server's words. */
  | { kind: 'customFailed'; recordId: string | null; reason: string | null; message: string }
  | { kind: 'error'; recordId: string | null; message: string }
  /**
   * An image tool's message (the Edit image panel's runs, in the same project): started (running) or
   * finished with its image (none when a segment box found nothing). Not a render of the studio's.
   */
  | { kind: 'tool'; recordId: string | null; running: boolean; urls: string[] };

export const MOCKUP_FAILED_TEXT = 'Something went wrong while making your mockup. Please try again.';
export const CUSTOM_FAILED_TEXT = "We couldn't turn this photo into a template. Please try another photo.";
export const MOCKUP_START_FAILED_TEXT = 'We could not start a mockup. Please try again.';
export const MOCKUP_OPEN_FAILED_TEXT = 'We could not open this mockup.';
export const NOT_A_MOCKUP_TEXT = 'This project is not a mockup.';
export const MOCKUP_BUSY_TEXT = 'Please wait for the current step to finish.';
export const UPLOAD_FAILED_TEXT = 'The upload failed. Please try again.';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const urlsOf = (v: unknown): string[] => (Array.isArray(v) ? [...new Set(v.filter((u): u is string => typeof u === 'string' && u.trim() !== ''))] : []);

function taskOf(m: ChatMessage): MockupTask {
  const t = str(m.data.task);
  return t === 'custom' || t === 'mockup_custom' ? 'custom' : 'generate';
}

/** Image tool messages: their start is a mockupHandle with task image_tool, their result names its tool. */
function isImageToolMessage(m: ChatMessage): boolean {
  return str(m.data.task) === 'image_tool' || str(m.data.tool) !== '';
}

const TOOL_RESULT_KINDS: ReadonlySet<string> = new Set(['mockupErase', 'mockupInpaint', 'mockupRemovebg']);

export function mockupEffectOf(m: ChatMessage): MockupEffect | null {
  if (m.role !== 'assistant' || m.isloading) return null;
  const text = m.content.message.trim();
  const recordId = recordIdOf(m);
  if ((m.content.type === 'mockupHandle' && isImageToolMessage(m)) || TOOL_RESULT_KINDS.has(m.content.type)) {
    return { kind: 'tool', recordId, running: !Array.isArray(m.data.imageUrls), urls: urlsOf(m.data.imageUrls) };
  }
  switch (m.content.type) {
    case 'mockupHandle':
      return recordId ? { kind: 'handle', recordId, task: taskOf(m) } : null;
    case 'mockupGenerate': {
      const urls = urlsOf(m.data.imageUrls);
      if (urls.length === 0) return null;
      return { kind: 'results', recordId, urls, templateId: str(m.data.template_id) || null };
    }
    case 'mockupCustom': {
      const templateId = str(m.data.template_id);
      if (templateId) return { kind: 'custom', recordId, templateId, thumbnailUrl: str(m.data.thumbnail_url) || null };
      return { kind: 'customFailed', recordId, reason: str(m.data.reason) || null, message: text || CUSTOM_FAILED_TEXT };
    }
    case 'error':
      return { kind: 'error', recordId, message: text || MOCKUP_FAILED_TEXT };
    default:
      return null;
  }
}

/** A message says how the record ended. */
export function mockupRecordEnded(recordId: string, messages: readonly ChatMessage[]): boolean {
  return messages.some((m) => !m.isloading && m.role === 'assistant' && endsRecord(m) && recordIdOf(m) === recordId);
}

/** What a finished record holds when no message said it (the record read directly, SPEC §4 generate record). */
export function recordOutcome(r: GenerateRecord): { urls: string[]; templateId: string | null; error: string | null } {
  const data = r.data ?? {};
  return {
    urls: urlsOf(data.imageUrls),
    templateId: str(data.template_id) || null,
    error: r.status === 'failed' ? r.error || null : null,
  };
}
