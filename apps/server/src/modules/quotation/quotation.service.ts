import {
  NO_BOX_ID,
  QUOTE_VALID_DAYS,
  QuoteInputSchema,
  boxById,
  lookupBox,
  quotationCalls,
  type CallParsedInput,
  type ChatMessage,
  type Factory,
  type FactoryProcess,
  type MaterialType,
  type Project,
  type QuotationChatData,
  type Quote,
  type QuoteRequest,
  type SelectionName,
} from '@packsmith/contracts';
import { QuoteInputError, computeQuote } from '@packsmith/quote';
import type { Transact } from '../../db/transact.js';
import { badRequest, notFound } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import type { ChatRepo, NewChatMessage, ToolChat } from '../chat/index.js';
import type { ProjectAccess, ProjectRepo, ProjectRow } from '../project/index.js';
import { helloReply, nextReply, optionsFor, questionFor, readSelection, type BoxSuggester, type TurnRead } from './assistant/dialogue.js';
import { QuoteDraftSchema, defaultSize, selectionOfField, toQuoteInput, toSelections, type QuoteDraft } from './assistant/draft.js';
import { quoteSummary } from './assistant/summary.js';
import type { QuotationRepo } from './quotation.repo.js';
import { renderQuotePdf } from './quote-pdf.js';
import { z } from 'zod';

type Input<K extends keyof typeof quotationCalls> = CallParsedInput<(typeof quotationCalls)[K]>;
type MessagesAnswer = { messages: ChatMessage[]; record: null };

/**
 * The factory directory as the quotation sees it (modules/factory implements it): the makers whose
 * processes, materials and MOQ fit an order, nearest to the destination first.
 */
export interface FactoryFinder {
  fitting(needs: { processes: readonly FactoryProcess[]; quantity: number; material: MaterialType; destination?: string; limit?: number }): Promise<Factory[]>;
}

/** Reads one user message into the draft: the local rules, or the language model with the rules as fallback (assistant/llm-reader.ts). */
export type MessageReader = (draft: QuoteDraft, text: string, asking: SelectionName | null) => Promise<TurnRead>;

/** How many factories a quote lists. */
const QUOTE_FACTORIES = 3;
const DAY_MS = 86_400_000;
const HELLO_REPLAY_MAX = 20;

/** project.data.quotation: the draft, what was asked last, and the chips as shown (SPEC §3). */
const StoredStateSchema = z.object({
  draft: QuoteDraftSchema.catch({}),
  asking: z.string().nullable().catch(null),
});

export interface QuotationDeps {
  repo: QuotationRepo;
  /** The quote and the project's quotation state are written together. */
  transact: Transact<{ quotes: Pick<QuotationRepo, 'insert'>; projects: Pick<ProjectRepo, 'update'> }>;
  projects: Pick<ProjectRepo, 'update'>;
  access: ProjectAccess;
  /** Creates the pricing-tool project of fromProject (the project module's service). */
  createProject(userId: string, type: 'pricing_tool'): Promise<Project>;
  chatRepo: Pick<ChatRepo, 'append' | 'first'>;
  chat: ToolChat;
  factories: FactoryFinder;
  suggestBoxes: BoxSuggester;
  read: MessageReader;
  now?: () => number;
}

export function createQuotationService(deps: QuotationDeps) {
  const { repo, access, chat, suggestBoxes } = deps;
  const now = deps.now ?? Date.now;

  /** Engine → the wire quote: validity, the factories that fit, a fresh id. QuoteInputError passes through. */
  async function price(request: QuoteRequest): Promise<Quote> {
    const engine = computeQuote(request);
    const { factory_processes: processes, ...rest } = engine;
    const factories = await deps.factories.fitting({
      processes,
      quantity: engine.quantity,
      material: engine.spec.material,
      destination: engine.spec.destination,
      limit: QUOTE_FACTORIES,
    });
    return { ...rest, quote_id: newId(), valid_until: now() + QUOTE_VALID_DAYS * DAY_MS, factories: factories.slice(0, QUOTE_FACTORIES) };
  }

  async function pricingProject(userId: string, projectId: string): Promise<ProjectRow> {
    const project = await access.assertOwner(userId, projectId);
    if (project.type !== 'pricing_tool') throw badRequest('project_id: the quotation assistant works in pricing-tool projects.');
    return project;
  }

  function stateOf(project: ProjectRow): { draft: QuoteDraft; asking: SelectionName | null } {
    const parsed = StoredStateSchema.safeParse(project.data?.quotation ?? {});
    const asking = parsed.success ? parsed.data.asking : null;
    const known = asking !== null && (quotationCalls.selection.input.shape.name.options as readonly string[]).includes(asking);
    return { draft: parsed.success ? parsed.data.draft : {}, asking: known ? (asking as SelectionName) : null };
  }

  const stored = (draft: QuoteDraft, asking: SelectionName | null) => ({ quotation: { draft, asking, selections: toSelections(draft) } });

  const data = (draft: QuoteDraft, asking: SelectionName | null, options: QuotationChatData['options'], quote?: Quote): Record<string, unknown> => {
    const d: QuotationChatData = { selections: toSelections(draft), asking, options, ...(quote ? { quote } : {}) };
    return d;
  };

  /**
   * After a read: an `error` reply (nothing changes), the next question, or — complete and changed —
   * the quote, saved with the project's new state in one transaction. A quote the engine refuses (a
   * size outside the box type's range) is an `error` naming the selection, and the draft stays as it was.
   */
  async function answer(userId: string, project: ProjectRow, before: QuoteDraft, read: TurnRead): Promise<NewChatMessage> {
    if (read.error) {
      const { name, message } = read.error;
      await deps.projects.update(project.id, {}, stored(before, name));
      return {
        id: newId(),
        role: 'assistant',
        kind: 'error',
        message: `${message} ${questionFor(name, before, suggestBoxes)}`,
        data: data(before, name, optionsFor(name, before, suggestBoxes)),
      };
    }
    const { draft, changed } = read;
    const input = toQuoteInput(draft);
    if (!input || changed.length === 0) {
      const reply = nextReply(draft, changed, suggestBoxes);
      await deps.projects.update(project.id, {}, stored(draft, reply.asking));
      return { id: newId(), role: 'assistant', kind: 'text', message: reply.message, data: data(draft, reply.asking, reply.options) };
    }
    let quote: Quote;
    try {
      quote = await price(QuoteInputSchema.parse(input));
    } catch (err) {
      if (!(err instanceof QuoteInputError)) throw err;
      const name = selectionOfField(err.field);
      const message = `${humanise(err.message)} ${questionFor(name, before, suggestBoxes)}`;
      await deps.projects.update(project.id, {}, stored(before, name));
      return { id: newId(), role: 'assistant', kind: 'error', message, data: data(before, name, optionsFor(name, before, suggestBoxes)) };
    }
    const options = optionsFor(null, draft, suggestBoxes);
    await deps.transact(async (tx) => {
      await tx.quotes.insert({ id: quote.quote_id ?? newId(), userId, projectId: project.id, input: { ...input }, quote });
      await tx.projects.update(project.id, {}, stored(draft, null));
    });
    return { id: newId(), role: 'assistant', kind: 'answer', message: quoteSummary(quote), data: data(draft, null, options, quote) };
  }

  return {
    /** POST /api/quotation/estimate: a full quote without a chat, saved for the caller (and the project when given). */
    async estimate(userId: string, input: Input<'estimate'>): Promise<Quote> {
      const { project_id: projectId, ...request } = input;
      if (projectId) await access.assertOwner(userId, projectId);
      let quote: Quote;
      try {
        quote = await price(request);
      } catch (err) {
        if (err instanceof QuoteInputError) throw badRequest(err.message);
        throw err;
      }
      await deps.transact((tx) => tx.quotes.insert({ id: quote.quote_id ?? newId(), userId, projectId: projectId ?? null, input: { ...request }, quote }));
      return quote;
    },

    /** SPEC §4: an empty pricing-tool chat is greeted once; otherwise the greeting is answered again. */
    async hello(userId: string, input: Input<'hello'>): Promise<MessagesAnswer> {
      const project = await pricingProject(userId, input.project_id);
      if ((await deps.chatRepo.first(project.id, 1)).length === 0) {
        const { draft } = stateOf(project);
        const reply = helloReply(draft, suggestBoxes);
        const rows = await deps.chatRepo.append(
          project.id,
          [{ id: newId(), role: 'assistant', kind: 'hello', message: reply.message, data: data(draft, reply.asking, reply.options) }],
          { onlyIfEmpty: true },
        );
        if (rows.length > 0) {
          await deps.projects.update(project.id, {}, stored(draft, reply.asking));
          const messages = await Promise.all(rows.map((r) => chat.find(r.id)));
          const dtos = messages.filter((m): m is ChatMessage => m !== null);
          chat.emit(dtos);
          return { messages: dtos, record: null };
        }
      }
      const first = await deps.chatRepo.first(project.id, HELLO_REPLAY_MAX);
      const userAt = first.findIndex((m) => m.role === 'user');
      const replay = await Promise.all((userAt < 0 ? first : first.slice(0, userAt)).map((r) => chat.find(r.id)));
      return { messages: replay.filter((m): m is ChatMessage => m !== null), record: null };
    },

    /** The user's words, then the assistant's reply (a question, an error, or the quote); both emitted to the room. */
    async message(userId: string, input: Input<'message'>): Promise<MessagesAnswer> {
      const project = await pricingProject(userId, input.project_id);
      const { draft, asking } = stateOf(project);
      const mine = await chat.append(project.id, [{ id: newId(), role: 'user', kind: 'text', message: input.content, data: {} }]);
      const read = await deps.read(draft, input.content, asking);
      const reply = await chat.append(project.id, [await answer(userId, project, draft, read)]);
      return { messages: [...mine, ...reply], record: null };
    },

    /** An edited chip: validated by the same readers; re-quotes when the selections are complete. */
    async selection(userId: string, input: Input<'selection'>): Promise<MessagesAnswer> {
      const project = await pricingProject(userId, input.project_id);
      const { draft } = stateOf(project);
      const read = readSelection(draft, input.name, input.value);
      const reply = await chat.append(project.id, [await answer(userId, project, draft, read)]);
      return { messages: reply, record: null };
    },

    async state(userId: string, input: Input<'state'>): Promise<{ selections: ReturnType<typeof toSelections>; quotes: Quote[] }> {
      const project = await pricingProject(userId, input.project_id);
      return { selections: toSelections(stateOf(project).draft), quotes: await repo.listForProject(project.id) };
    },

    /** One click from a design: a new pricing-tool project with the product, box, size and material filled in. */
    async fromProject(userId: string, input: Input<'fromProject'>): Promise<{ project_id: string }> {
      const source = await access.assertOwner(userId, input.source_project_id);
      if (source.type !== 'design' && source.type !== 'childDesign') throw badRequest('source_project_id: quote a design project (the design chat’s result).');
      const created = await deps.createProject(userId, 'pricing_tool');
      await deps.projects.update(created.project_id, { product: source.product }, stored(draftFromDesign(source), null));
      return { project_id: created.project_id };
    },

    /** GET /api/quotation/pdf: the caller's saved quote as an A4 PDF (someone else's is a 404, like an unknown id). */
    async pdf(userId: string, quoteId: string): Promise<{ pdf: Uint8Array; filename: string }> {
      const quote = quoteId.length <= 64 ? await repo.findOwned(userId, quoteId) : null;
      if (!quote) throw notFound('No such quote.');
      return { pdf: await renderQuotePdf(quote), filename: `packsmith-quote-${quoteId}.pdf` };
    },
  };
}
export type QuotationService = ReturnType<typeof createQuotationService>;

/** The engine's messages name the input field ("length_mm: …"); in the chat the field is the size. */
function humanise(message: string): string {
  return message.replace(/^(?:length_mm|width_mm|height_mm)(?: \([^)]*\))?: /, 'Size: ').replace(/^(\w)\w*: /, (m) => m.charAt(0).toUpperCase() + m.slice(1));
}

/** A design project's brief as a quotation draft: product, box (data.box_id or the brief's box list), its size and material. */
export function draftFromDesign(source: Pick<ProjectRow, 'product' | 'brand' | 'box' | 'data'>): QuoteDraft {
  const storedId = source.data?.box_id;
  const box =
    (typeof storedId === 'number' && storedId !== NO_BOX_ID ? boxById(storedId) : undefined) ??
    source.box.map((b) => lookupBox(b)).find((b) => b !== undefined);
  const product = source.product.trim() || undefined;
  if (!box) return product ? { product } : {};
  const size = z.object({ length_mm: z.number().positive(), width_mm: z.number().min(0), height_mm: z.number().positive() }).safeParse(source.data?.size);
  return { ...(product ? { product } : {}), box: box.slug, size: size.success ? size.data : defaultSize(box), material: box.material };
}
