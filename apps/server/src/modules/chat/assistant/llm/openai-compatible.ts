/**
 * The assistant over any OpenAI-compatible server. The model does two things per turn: it reads the
 * brief out of the message (a forced `update_brief` tool call, or JSON content from servers without
 * tools), and it words the reply (streamed). What to ask, in which order and with which message
 * kind stays with the shared dialogue policy, so both assistants behave the same. Any failure of
 * the model falls back to the local rules for that turn, with a logged warning.
 */
import { z } from 'zod';
import {
  BOX_TYPES,
  COLOUR_TAGS,
  DesignBriefSchema,
  STYLE_TAGS,
  findBoxesInText,
  findStylesInText,
  lookupBox,
  lookupColour,
  lookupKeyword,
  lookupStyle,
  normalizeTerm,
  type DesignBrief,
} from '@packsmith/contracts';
import type { Assistant, AssistantInput, AssistantLogger, AssistantReply, AssistantResult, RespondOptions } from '../assistant.js';
import { decideTurn, helloReplies } from '../local/dialogue.js';
import { emptyUpdate, extractBrief, type BriefUpdate, type Intent, type ListChange } from '../local/extract.js';
import { readTags } from '../local/terms.js';
import {
  ChatCompletionsError,
  createChatCompletionsClient,
  type ChatCompletionsClient,
  type ChatMessageIn,
  type CompletionRequest,
} from './chat-completions.js';

export interface OpenAiCompatibleOptions {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
  log: AssistantLogger;
  /** Word the replies with the model (streamed); off, the policy's own wording is sent. */
  phrase?: boolean;
  retryDelayMs?: number;
  fetch?: typeof fetch;
}

const INTENTS = ['generate', 'confirm', 'skip', 'greeting', 'thanks', 'question', 'none'] as const;

/** The tool's arguments: the brief fields of DesignBriefSchema the model may set, plus what the message means. */
export const LlmBriefSchema = DesignBriefSchema.pick({ product: true, brand: true, box: true, style: true, color: true, element: true })
  .extend({
    product: DesignBriefSchema.shape.product.describe('What is being sold, e.g. "cold brew coffee". Not the package.'),
    brand: DesignBriefSchema.shape.brand.describe('The brand name printed on the pack.'),
    box: DesignBriefSchema.shape.box.describe('Packaging types, using the catalogue names given.'),
    style: DesignBriefSchema.shape.style.describe('The complete list of styles after this message (catalogue style ids).'),
    color: DesignBriefSchema.shape.color.describe('The complete list of colours after this message (catalogue colour ids).'),
    element: DesignBriefSchema.shape.element.describe('The complete list of design elements or motifs after this message, e.g. "leaves".'),
    intent: z.enum(INTENTS).describe('generate: wants designs now; confirm: agrees ("yes", "looks good"); skip: leaves the choice to us; none: anything else.'),
    logo: z.enum(['mentioned', 'declined', 'none']).describe('Whether the message offers a logo or says there is none.'),
    no_brand: z.boolean().describe('The user says there is no brand name yet.'),
    box_choice: z.number().int().min(0).max(10).describe('1-based pick among the packaging options offered last ("the second one" = 2); 0 if none.'),
  })
  .partial();
type LlmBrief = z.infer<typeof LlmBriefSchema>;

/** The JSON schema of the tool's arguments, without `$schema` (some servers reject the key). */
function toolParameters(): Record<string, unknown> {
  const schema: Record<string, unknown> = { ...z.toJSONSchema(LlmBriefSchema) };
  delete schema.$schema;
  return schema;
}

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const TOOL_NAME = 'update_brief';
const CATALOGUE_HINT = [
  `Packaging types: ${BOX_TYPES.map((b) => b.name).join('; ')}.`,
  `Style ids: ${STYLE_TAGS.map((s) => s.slug).join(', ')}.`,
  `Colour ids: ${COLOUR_TAGS.map((c) => c.slug).join(', ')}.`,
].join('\n');

const EXTRACT_SYSTEM = `You read a packaging design brief out of the user's latest chat message.
Call ${TOOL_NAME} with only the fields the message sets or changes; leave the others out.
- product is what is sold ("cold brew coffee"), brand is the name on the pack.
- style, color and element are complete lists after the message: keep current items unless the user removes or replaces them.
- A bare answer fills the field the assistant asked for last.
${CATALOGUE_HINT}`;

const PHRASE_SYSTEM = `You are Packsmith's packaging design assistant. Rewrite the draft reply in your own words:
friendly, short (at most two sentences), professional, no emojis. Keep every question, name, option and number
in it, and do not add new questions. Answer with the reply text only.`;

function userPrompt(input: AssistantInput): string {
  return JSON.stringify({
    current_brief: {
      product: input.brief.product,
      brand: input.brief.brand,
      box: input.brief.box,
      style: input.brief.style,
      color: input.brief.color,
      element: input.brief.element,
    },
    assistant_asked_for: input.state.awaiting,
    message: input.text,
  });
}

/** JSON from a tool call's arguments or a plain answer (possibly fenced in ```json). */
function parseJsonObject(text: string): Record<string, unknown> | null {
  const unfenced = text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  const start = unfenced.indexOf('{');
  const end = unfenced.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const value: unknown = JSON.parse(unfenced.slice(start, end + 1));
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

/** Keeps the fields that have the right type (a model may send nulls or extras). */
function sanitize(raw: Record<string, unknown>): LlmBrief {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(LlmBriefSchema.shape)) {
    const parsed = field.safeParse(raw[key]);
    if (raw[key] !== undefined && raw[key] !== null && parsed.success && parsed.data !== undefined) out[key] = parsed.data;
  }
  return LlmBriefSchema.parse(out);
}

const clean = (s: string, max: number) => s.replace(/\s+/g, ' ').trim().slice(0, max);
const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

function mapList(items: readonly string[] | undefined, current: readonly string[], one: (item: string) => string[]): ListChange {
  const change: ListChange = { add: [], remove: [], replace: false };
  if (!items) return change;
  const mapped: string[] = [];
  for (const item of items) for (const v of one(clean(item, 60))) if (v && !mapped.includes(v)) mapped.push(v);
  if (same(mapped, current)) return change;
  // The model sends the whole list: it replaces the brief's list (an empty one clears it).
  return { add: mapped, remove: current.filter((c) => !mapped.includes(c)), replace: true };
}

/** The model's answer as the BriefUpdate the dialogue policy reads, with words mapped onto the catalogue. */
export function toBriefUpdate(llm: LlmBrief, input: AssistantInput): BriefUpdate {
  const u = emptyUpdate();
  const brief: DesignBrief = input.brief;
  const product = llm.product ? clean(llm.product, 120) : '';
  if (product && normalizeTerm(product) !== normalizeTerm(brief.product)) u.product = product;
  const brand = llm.brand ? clean(llm.brand, 80) : '';
  if (brand && brand !== brief.brand) u.brand = brand;
  if (llm.box) {
    const slugs = llm.box.flatMap((b) => {
      const box = lookupBox(b) ?? findBoxesInText(b)[0];
      return box ? [box.slug] : [];
    });
    if (slugs.length > 0 && !same(slugs, brief.box)) u.boxes = [...new Set(slugs)];
  }
  u.styles = mapList(llm.style, brief.style, (s) => [lookupStyle(s)?.slug ?? findStylesInText(s)[0]?.slug ?? ''].filter(Boolean));
  // A colour the model names is said as a colour: "kraft" or "honey" from the model is the colour, not the material.
  u.colours = mapList(llm.color, brief.color, (c) => {
    if (/^#[0-9a-f]{6}$/i.test(c)) return [c.toLowerCase()];
    const named = lookupColour(c);
    return named ? [named.slug] : readTags(normalizeTerm(c)).colours;
  });
  u.elements = mapList(llm.element, brief.element, (e) => [lookupKeyword(e)?.slug ?? e.toLowerCase()]);
  if (llm.logo === 'mentioned' || llm.logo === 'declined') u.logo = llm.logo;
  const intent: Intent = llm.intent && llm.intent !== 'none' ? llm.intent : null;
  u.intent = intent;
  u.noBrand = llm.no_brand === true && input.state.awaiting === 'brand';
  if (llm.box_choice && llm.box_choice > 0 && input.state.awaiting === 'box' && u.boxes.length === 0) u.choice = llm.box_choice - 1;
  return u;
}

/** The reply the model rewords: the last one that carries words for the user. */
function primaryIndex(replies: readonly AssistantReply[]): number {
  for (let i = replies.length - 1; i >= 0; i--) if (replies[i]?.kind !== 'updateOptions') return i;
  return -1;
}

const MAX_PHRASE_CHARS = 600;

export function createOpenAiCompatibleAssistant(options: OpenAiCompatibleOptions): Assistant {
  const client: ChatCompletionsClient = createChatCompletionsClient(options);
  const parameters = toolParameters();
  // Servers that refuse tools (HTTP 400) are asked for JSON content from then on.
  let toolsRefused = false;

  async function extract(input: AssistantInput): Promise<LlmBrief> {
    const user: ChatMessageIn = { role: 'user', content: userPrompt(input) };
    const withTools: CompletionRequest = {
      messages: [{ role: 'system', content: EXTRACT_SYSTEM }, user],
      tools: [{ type: 'function', function: { name: TOOL_NAME, description: 'Record what the message says about the packaging brief.', parameters } }],
      tool_choice: { type: 'function', function: { name: TOOL_NAME } },
      temperature: 0,
    };
    const asJson: CompletionRequest = {
      messages: [
        { role: 'system', content: `${EXTRACT_SYSTEM}\nAnswer with one JSON object only, with the fields of this schema: ${JSON.stringify(parameters)}` },
        user,
      ],
      response_format: { type: 'json_schema', json_schema: { name: TOOL_NAME, schema: parameters } },
      temperature: 0,
    };
    let answer;
    if (toolsRefused) {
      answer = await client.complete(asJson);
    } else {
      try {
        answer = await client.complete(withTools);
      } catch (err) {
        if (!(err instanceof ChatCompletionsError) || (err.status !== 400 && err.status !== 422)) throw err;
        toolsRefused = true;
        answer = await client.complete(asJson);
      }
    }
    const call = answer.toolCalls.find((c) => c.name === TOOL_NAME) ?? answer.toolCalls[0];
    const json = parseJsonObject(call ? call.arguments : answer.content);
    if (!json) throw new ChatCompletionsError('the model gave no brief', 0);
    return sanitize(json);
  }

  async function phrase(input: AssistantInput, draft: string, onToken?: (delta: string) => void): Promise<string> {
    const answer = await client.complete(
      {
        messages: [
          { role: 'system', content: PHRASE_SYSTEM },
          { role: 'user', content: `The user wrote: ${JSON.stringify(input.text)}\nDraft reply: ${JSON.stringify(draft)}` },
        ],
        temperature: 0.6,
        max_tokens: 200,
        stream: true,
      },
      onToken,
    );
    return answer.content.replace(/\s+/g, ' ').trim();
  }

  return {
    kind: 'openai-compatible',
    hello: async (chatType, brief) => helloReplies(chatType, brief),

    async respond(input: AssistantInput, respondOptions: RespondOptions = {}): Promise<AssistantResult> {
      const designChat = input.chatType === 'design' || input.chatType === 'childDesign';
      let update: BriefUpdate;
      let modelAnswered = false;
      if (!designChat || input.text.trim() === '') {
        update = extractBrief(input.text, { brief: input.brief, awaiting: input.state.awaiting });
      } else {
        try {
          update = toBriefUpdate(await extract(input), input);
          modelAnswered = true;
        } catch (err) {
          options.log.warn({ err: errorText(err), model: options.model }, 'Language model unavailable; the local rules answered this turn');
          update = extractBrief(input.text, { brief: input.brief, awaiting: input.state.awaiting });
        }
      }
      const result = decideTurn(input, update);
      const at = primaryIndex(result.replies);
      const primary = result.replies[at];
      if (!modelAnswered || options.phrase === false || !primary) return result;
      try {
        const text = await phrase(input, primary.message, respondOptions.onToken);
        if (text && text.length <= MAX_PHRASE_CHARS) {
          const replies = [...result.replies];
          replies[at] = { ...primary, message: text };
          return { ...result, replies };
        }
      } catch (err) {
        options.log.warn({ err: errorText(err), model: options.model }, 'Language model could not word the reply; sent the default wording');
      }
      return result;
    },
  };
}
