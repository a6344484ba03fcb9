/**
 * The selections read by a language model (any OpenAI-compatible server, LLM_BASE_URL): the model
 * answers one JSON object, zod validates it, and each value is then checked by the same readers as
 * an edited chip (so a model cannot set a 10 m box or an unknown material). Any failure — network,
 * timeout, unreadable JSON, a value the readers refuse — falls back to the local rules for that turn.
 */
import { z } from 'zod';
import { BOX_TYPES, MATERIAL_TYPES, QUOTE_FINISHES, QUOTE_PRINTS, SELECTION_NAMES, type SelectionName } from '@packsmith/contracts';
import { createChatCompletionsClient, type ChatCompletionsClient } from '../../chat/index.js';
import { readSelection, type TurnRead } from './dialogue.js';
import type { QuoteDraft } from './draft.js';

export interface LlmReaderOptions {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
  log: { warn(obj: Record<string, unknown>, msg: string): void };
  /** The local rules: the fallback, and the reader of a turn where the model found nothing. */
  local: (draft: QuoteDraft, text: string, asking: SelectionName | null) => Promise<TurnRead>;
  fetch?: typeof fetch;
  retryDelayMs?: number;
}

/** What the model may answer: every field optional, nulls meaning "not mentioned". */
export const LlmSelectionsSchema = z.object({
  product: z.string().trim().min(1).max(60).nullish(),
  box: z.string().trim().min(1).max(64).nullish(),
  length_mm: z.number().nullish(),
  width_mm: z.number().nullish(),
  height_mm: z.number().nullish(),
  material: z.enum(MATERIAL_TYPES.map((m) => m.id) as [string, ...string[]]).nullish(),
  print: z.enum(QUOTE_PRINTS).nullish(),
  finishes: z.array(z.enum(QUOTE_FINISHES)).max(6).nullish(),
  quantity: z.number().int().nullish(),
  destination: z.string().trim().length(2).nullish(),
});
export type LlmSelections = z.infer<typeof LlmSelectionsSchema>;

const SYSTEM = [
  'You read one message of a customer asking for a packaging price quote and extract what it says.',
  'Answer with ONE JSON object only, with these keys (null when the message does not say):',
  'product (what is sold, e.g. "organic tea"; not the package), box (one catalogue slug from the list below),',
  'length_mm, width_mm, height_mm (inside size in millimetres; convert inches ×25.4 and cm ×10; for round packs length_mm is the diameter),',
  `material (one of ${MATERIAL_TYPES.map((m) => m.id).join(', ')}), print (one of ${QUOTE_PRINTS.join(', ')}),`,
  `finishes (the complete list after this message, from ${QUOTE_FINISHES.join(', ')}), quantity (pieces, an integer), destination (ISO 3166-1 alpha-2 code).`,
  `Box slugs: ${BOX_TYPES.map((b) => b.slug).join(', ')}.`,
].join('\n');

/** A JSON object in the model's text (some servers wrap it in prose or a code fence). */
export function parseJsonObject(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return null;
  }
}

/** The model's fields applied one by one through the chip readers, in SELECTION_NAMES order (box before size). */
export function applyLlmSelections(draft: QuoteDraft, llm: LlmSelections): TurnRead {
  let next = draft;
  const changed = new Set<SelectionName>();
  const values: Partial<Record<SelectionName, string>> = {};
  if (llm.product) values.product = llm.product;
  if (llm.box) values.box = llm.box;
  if (llm.length_mm != null && llm.height_mm != null) values.size = `${llm.length_mm} x ${llm.width_mm ?? 0} x ${llm.height_mm} mm`;
  if (llm.material) values.material = llm.material;
  if (llm.print) values.print = llm.print;
  if (llm.finishes) values.finishes = llm.finishes.length ? llm.finishes.join(', ') : 'none';
  if (llm.quantity != null) values.quantity = String(llm.quantity);
  if (llm.destination) values.destination = llm.destination.toUpperCase();
  for (const name of SELECTION_NAMES) {
    const value = values[name];
    if (value === undefined) continue;
    const read = readSelection(next, name, value);
    if (read.error) return { draft, changed: [], error: read.error };
    if (JSON.stringify(read.draft[name]) !== JSON.stringify(next[name])) changed.add(name);
    next = read.draft;
  }
  return { draft: next, changed: [...changed] };
}

export function createLlmReader(options: LlmReaderOptions) {
  const client: ChatCompletionsClient = createChatCompletionsClient(options);
  return async (draft: QuoteDraft, text: string, asking: SelectionName | null): Promise<TurnRead> => {
    try {
      const answer = await client.complete({
        messages: [
          { role: 'system', content: SYSTEM },
          { role: 'user', content: `Known so far: ${JSON.stringify(draft)}\nLast question: ${asking ?? 'none'}\nMessage: ${JSON.stringify(text)}` },
        ],
        response_format: { type: 'json_object' },
        temperature: 0,
      });
      const parsed = LlmSelectionsSchema.safeParse(parseJsonObject(answer.content));
      if (!parsed.success) throw new Error(`unreadable selections: ${parsed.error.issues[0]?.message ?? 'not JSON'}`);
      const read = applyLlmSelections(draft, parsed.data);
      // The model saw nothing (a bare "1000" answering the question): the local rules know what was asked.
      if (!read.error && read.changed.length === 0) return options.local(draft, text, asking);
      return read;
    } catch (err) {
      options.log.warn(
        { err: err instanceof Error ? err.message : String(err), model: options.model },
        'quotation: language model unavailable; the local rules read this message',
      );
      return options.local(draft, text, asking);
    }
  };
}
