import { chatCalls, type ChatMessage, type ChatType, type DesignBrief, type DesignResult, type ProjectType } from '@packsmith/contracts';

const kinds = chatCalls.DesignChatData;

export type BoxOption = ReturnType<typeof kinds.box.parse>['box_options'][number];
export type RecommendData = ReturnType<typeof kinds.recommend.parse>;
export type AnswerData = ReturnType<typeof kinds.answer.parse>;

/*
 * ChatMessage.data is open (photo shoot and mockup chats carry their own shapes), so each design-chat
 * kind is read through its contract schema: a message whose data does not fit renders as plain text
 * instead of breaking the list.
 */

export function boxOptionsOf(m: ChatMessage): BoxOption[] | null {
  if (m.content.type !== 'box') return null;
  const parsed = kinds.box.safeParse(m.data);
  return parsed.success ? parsed.data.box_options : null;
}

export function recommendOf(m: ChatMessage): RecommendData | null {
  if (m.content.type !== 'recommend') return null;
  const parsed = kinds.recommend.safeParse(m.data);
  return parsed.success ? parsed.data : null;
}

export type ChatSuggestion = NonNullable<ReturnType<typeof kinds.text.parse>['suggestions']>[number];

/** The one-tap answers under an assistant's text ("Brand Juniper Lane, product gin — right?"). */
export function suggestionsOf(m: ChatMessage): ChatSuggestion[] {
  if (m.role !== 'assistant' || m.content.type !== 'text') return [];
  const parsed = kinds.text.safeParse(m.data);
  return parsed.success ? (parsed.data.suggestions ?? []) : [];
}

export function briefOf(m: ChatMessage): DesignBrief | null {
  if (m.content.type !== 'updateOptions' && m.content.type !== 'chat_summary') return null;
  const parsed = kinds.chat_summary.safeParse(m.data);
  return parsed.success ? parsed.data.brief : null;
}

export function answerOf(m: ChatMessage): AnswerData | null {
  if (m.content.type !== 'answer') return null;
  const parsed = kinds.answer.safeParse(m.data);
  if (parsed.success) return parsed.data;
  // An answer still being generated may carry only its record id; its images come later.
  const urls = m.data.imageUrls ?? [];
  const recordId = typeof m.data.record_id === 'string' ? m.data.record_id : '';
  if (urls.length === 0 && recordId === '') return null;
  return { imageUrls: urls, designs: [], record_id: recordId, prompt_index: -1 };
}

/** The generate record an error or loading message belongs to, if it names one. */
export function recordIdOf(m: ChatMessage): string | null {
  const id = m.data.record_id;
  return typeof id === 'string' && id !== '' ? id : null;
}

/**
 * Messages that end a generate record: its result or its failure. A photo shoot's photoshootTaskStart
 * and a mockup's mockupHandle also name the record, but only announce it, so progress keeps being
 * followed after them.
 */
const ENDING_KINDS: ReadonlySet<ChatMessage['content']['type']> = new Set([
  'answer',
  'error',
  'photoshootCutImage',
  'photoshootCutImageError',
  'mockupGenerate',
  'mockupCustom',
]);
export function endsRecord(m: ChatMessage): boolean {
  return ENDING_KINDS.has(m.content.type);
}

/** The design behind an image url of an answer (for its front and dieline), when the answer lists it. */
export function designFor(answer: AnswerData, url: string): DesignResult | undefined {
  return answer.designs.find((d) => d.image_url === url);
}

/** The images an answer shows, in order, without blanks or repeats. */
export function answerImages(answer: AnswerData): string[] {
  const urls = answer.imageUrls.length > 0 ? answer.imageUrls : answer.designs.map((d) => d.image_url);
  return [...new Set(urls.filter((u) => u.trim() !== ''))];
}

/** The hello/message type of a project's chat; the AI editor and nutrition labels have no chat type of their own. */
export function chatTypeOf(type: ProjectType): ChatType {
  return type === 'ai_editor' || type === 'nutrition' ? 'design' : type;
}

/** SPEC §2: the chat drawer is used for every chat type except design (and its child designs on /design-chat). */
export function usesDrawer(type: ProjectType): boolean {
  return type !== 'design' && type !== 'ai_editor';
}

/** Messages made in the browser before (or instead of) the server's copy: a pending user message, a timeout notice. */
export const LOCAL_ID_PREFIX = 'local-';
export const isLocalMessage = (m: ChatMessage): boolean => m.msg_id.startsWith(LOCAL_ID_PREFIX);

export function localMessage(
  projectId: string,
  role: ChatMessage['role'],
  text: string,
  type: ChatMessage['content']['type'],
  extra: { reference_img?: string | null; data?: ChatMessage['data'] } = {},
): ChatMessage {
  const now = Date.now();
  // Random rather than counted: ids stay unique across chats without a counter shared by them.
  const nonce = (crypto.getRandomValues(new Uint32Array(1))[0] ?? 0).toString(36);
  return {
    msg_id: `${LOCAL_ID_PREFIX}${now.toString(36)}-${nonce}`,
    project_id: projectId,
    role,
    isloading: false,
    time: now,
    content: { message: text, type },
    data: extra.data ?? {},
    reference_img: extra.reference_img ?? null,
    create_at: now,
  };
}

/**
 * The local copies that a batch from the server stands for: a pending user message is replaced by the
 * server's message with the same text, so it never shows twice.
 */
export function supersededLocals(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): string[] {
  const serverTexts = new Map<string, number>();
  for (const m of incoming) {
    if (m.role !== 'user' || isLocalMessage(m)) continue;
    const key = m.content.message.trim();
    serverTexts.set(key, (serverTexts.get(key) ?? 0) + 1);
  }
  const out: string[] = [];
  for (const m of current) {
    if (!isLocalMessage(m) || m.role !== 'user') continue;
    const key = m.content.message.trim();
    const left = serverTexts.get(key) ?? 0;
    if (left > 0) {
      out.push(m.msg_id);
      serverTexts.set(key, left - 1);
    }
  }
  return out;
}

export const TIMEOUT_TEXT = 'The designs are taking longer than expected, so we stopped waiting. Please try again.';
export const FAILED_TEXT = 'Something went wrong while making your designs. Please try again.';

/** "Use these" under recommended styles and colours: one plain sentence the assistant understands. */
export function recommendationText(styles: readonly string[], colors: readonly string[]): string {
  const list = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);
  if (styles.length > 0 && colors.length > 0) return `Let's go with a ${list(styles)} style in ${list(colors)}.`;
  if (styles.length > 0) return `Let's go with a ${list(styles)} style.`;
  if (colors.length > 0) return `Let's use ${list(colors)}.`;
  return '';
}
