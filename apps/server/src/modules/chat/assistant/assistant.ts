/**
 * The design-chat assistant: turns one user message into an updated brief, the assistant's replies
 * (SPEC §3 message kinds) and what the chat module should do next. No database and no HTTP
 * framework here: the chat module stores messages, keeps the state and runs generations.
 */
import { z } from 'zod';
import type { ChatKind, ChatType, DesignBrief, chatCalls } from '@packsmith/contracts';

/** What the assistant asked last, so a bare answer ("Nova") lands in the right field. */
export const AWAITING = ['product', 'brand', 'box', 'style', 'confirm'] as const;
export type Awaiting = (typeof AWAITING)[number];

/** The conversation state the chat module stores between turns (JSON). */
export const AssistantStateSchema = z.object({
  awaiting: z.enum(AWAITING).nullable().default(null),
});
export type AssistantState = z.infer<typeof AssistantStateSchema>;

export const INITIAL_STATE: AssistantState = { awaiting: null };

export const EMPTY_BRIEF: DesignBrief = {
  product: '',
  brand: '',
  box: [],
  box_id: 0,
  element: [],
  style: [],
  color: [],
  logo: '',
};

type DataShapes = typeof chatCalls.DesignChatData;
type KindData = { [K in keyof DataShapes]: z.infer<DataShapes[K]> };

/** Message kinds this assistant writes (`answer` and `error` come with a generation's outcome). */
export type AssistantReplyKind = Extract<
  ChatKind,
  'hello' | 'photoshootHello' | 'product' | 'text' | 'box' | 'recommend' | 'lastQuestion' | 'updateOptions' | 'chat_summary' | 'answer' | 'error'
>;

/** One assistant message: its kind, its text and the `data` the web reads for that kind (DesignChatData). */
export type AssistantReply = {
  [K in AssistantReplyKind]: {
    kind: K;
    message: string;
    data: K extends keyof KindData ? KindData[K] : Record<string, never>;
  };
}[AssistantReplyKind];

export interface AssistantInput {
  /** The project's brief so far. */
  brief: DesignBrief;
  state: AssistantState;
  /** The user's message; '' for POST /api/paint/imagine (then isGenerate is true). */
  text: string;
  /** The message's is_generate flag (the web's Generate button). */
  isGenerate: boolean;
  /**
   * The image sent with the message (reference_img), if any. With words about a logo it becomes the
   * brief's logo; otherwise it is the design the user wants edited.
   */
  referenceImg: string | null;
  chatType: ChatType;
}

/**
 * - `generate`: run a design generation from `brief` (complete: defaults filled in);
 * - `edit`: edit the reference image (or, in a child design, the parent image) by the user's words;
 * - `none`: just send the replies.
 */
export type AssistantAction = 'none' | 'generate' | 'edit';

export interface AssistantResult {
  brief: DesignBrief;
  state: AssistantState;
  /** In order; store and send them all. */
  replies: AssistantReply[];
  action: AssistantAction;
  /**
   * With action `generate`: the brief to design from when it differs from `brief` (the brand or
   * product the user has not named yet, filled in for these designs only).
   */
  designBrief?: DesignBrief;
}

export interface RespondOptions {
  /**
   * Partial text of the last reply while it is being written (LLM assistant only). The replies in
   * the result are authoritative: a stream that breaks off is replaced by the final text.
   */
  onToken?: (delta: string) => void;
}

export interface Assistant {
  readonly kind: 'local' | 'openai-compatible';
  /** The greeting of an empty chat (SPEC §4 chat start). */
  hello(chatType: ChatType, brief: DesignBrief): Promise<AssistantReply[]>;
  /** One user turn. Never rejects: a failing language model falls back to the local rules. */
  respond(input: AssistantInput, options?: RespondOptions): Promise<AssistantResult>;
}

/** Minimal logger (pino's Logger fits). */
export interface AssistantLogger {
  warn(obj: Record<string, unknown>, msg: string): void;
}
