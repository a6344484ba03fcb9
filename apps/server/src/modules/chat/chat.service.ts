import { randomInt } from 'node:crypto';
import {
  DESIGN_PROMPT_COST,
  Msg,
  designsPerPrompt,
  type CallParsedInput,
  type ChatMessage,
  type ChatType,
  type DesignBrief,
  type GenerateRecord,
  type chatCalls,
} from '@packsmith/contracts';
import type { UserRow } from '../../http/auth-context.js';
import { badRequest, forbidden, limitReached, notFound } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import type { ProjectEmitter } from '../../realtime/emitter.js';
import type { Storage } from '../../storage/storage.js';
import type { FileService } from '../files/index.js';
import type { GenerateService } from '../generate/index.js';
import { recordPriority } from '../generate/index.js';
import type { ProjectAccess, ProjectRepo, ProjectRow } from '../project/index.js';
import { membershipSubject } from '../user/index.js';
import type { AnalysisRepo } from './analysis.repo.js';
import { AssistantStateSchema, INITIAL_STATE, type Assistant, type AssistantReply, type AssistantState } from './assistant/assistant.js';
import { assumeMissingNames, assumptionNote } from './assistant/local/assumptions.js';
import { completeBrief } from './assistant/local/dialogue.js';
import { toChatMessageDto } from './chat.dto.js';
import type { ChatMessageRow, ChatRepo, NewChatMessage } from './chat.repo.js';
import { DesignMetaSchema, briefIsReady, briefOfProject, designsMetaOf, projectPatchOfBrief, type DesignMeta } from './design-brief.js';
import { DesignJobInputSchema, type DesignJobInput } from './design.job.js';

type Input<K extends keyof typeof chatCalls> = CallParsedInput<(typeof chatCalls)[K]>;
export interface MessagesAnswer {
  messages: ChatMessage[];
  record: GenerateRecord | null;
}

export const ChatMsg = {
  notRetryable: 'Only a generated answer (or its error) can be generated again.',
  notAnEdit: 'This answer is not an edit; use retry instead.',
  pickDesign: "Pick one of this project's designs to edit.",
  whatToChange: 'Tell me what to change in this design.',
  messageNotFound: 'Message not found.',
  recordGone: 'The generation behind this answer is no longer available.',
  editing: (what: string) => `Editing your design: ${what}.`,
} as const;

/** The most messages a repeated hello answers (the greeting batch of an existing chat). */
const HELLO_REPLAY_MAX = 10;
const SEED_LIMIT = 2 ** 31;

export interface ChatServiceDeps {
  chat: ChatRepo;
  /** The brief is kept on the project. */
  projects: Pick<ProjectRepo, 'update'>;
  access: Pick<ProjectAccess, 'assertOwner' | 'load'>;
  assistant: Assistant;
  generate: Pick<GenerateService, 'startRecord'>;
  files: Pick<FileService, 'resolveOwnedImage'>;
  storage: Pick<Storage, 'publicUrl'>;
  analysis: Pick<AnalysisRepo, 'designMetaOf'>;
  realtime: ProjectEmitter;
  log: { warn(obj: Record<string, unknown>, msg: string): void };
}

/**
 * The design chat (SPEC §4 chat start, §7 chat): messages, the assistant's turns, the brief kept on
 * the project, and design generations and edits started as generate records (10 credits each,
 * refunded by the generate service when the job fails).
 */
export function createChatService(deps: ChatServiceDeps) {
  const { chat, projects, access, assistant, generate, realtime } = deps;

  function emit(messages: readonly ChatMessage[]): void {
    for (const message of messages) {
      try {
        realtime.emitToProject(message.project_id, 'chat:message', message);
      } catch (err) {
        deps.log.warn({ err, msgId: message.msg_id }, 'chat: emit failed');
      }
    }
  }

  async function append(projectId: string, messages: readonly NewChatMessage[]): Promise<ChatMessage[]> {
    const rows = await chat.append(projectId, messages);
    const dtos = rows.map(toChatMessageDto);
    emit(dtos);
    return dtos;
  }

  const replyToMessage = (reply: AssistantReply): NewChatMessage => ({
    id: newId(),
    role: 'assistant',
    kind: reply.kind,
    message: reply.message,
    data: { ...reply.data },
  });

  /** Designs per prompt on the user's plan (SPEC §6), capped by their own setting. */
  function designCount(user: UserRow, setting: number): number {
    const plan = designsPerPrompt(membershipSubject(user));
    return Math.max(1, Math.min(plan, setting > 0 ? setting : plan));
  }

  /** Refuses before anything is stored; the charge itself (startRecord) re-checks atomically. */
  function assertCredit(user: UserRow): void {
    if (user.credit < DESIGN_PROMPT_COST) throw limitReached(Msg.notEnoughCredits);
  }

  async function ownedMessage(userId: string, msgId: string): Promise<{ row: ChatMessageRow; project: ProjectRow }> {
    const row = await chat.find(msgId);
    if (!row) throw notFound(ChatMsg.messageNotFound);
    const project = await access.assertOwner(userId, row.projectId);
    return { row, project };
  }

  function startDesign(user: UserRow, projectId: string, kind: 'design' | 'design_edit', input: DesignJobInput): Promise<GenerateRecord> {
    return generate.startRecord({ user, projectId, kind, input: DesignJobInputSchema.parse(input), cost: DESIGN_PROMPT_COST, priority: recordPriority(user) });
  }

  async function saveBrief(projectId: string, brief: DesignBrief, state: AssistantState): Promise<void> {
    const { patch, data } = projectPatchOfBrief(brief);
    await projects.update(projectId, patch, { ...data, chat_state: state });
    realtime.emitToProject(projectId, 'project:updated', { project_id: projectId });
  }

  /** The stored meta of a design image of this project (or of its parent, for a child design). */
  async function designOf(userId: string, project: ProjectRow, imageUrl: string): Promise<{ canonical: string; meta: DesignMeta | null }> {
    const { key } = await deps.files.resolveOwnedImage(userId, imageUrl);
    const canonical = deps.storage.publicUrl(key);
    const own = designsMetaOf(project.data)[canonical];
    if (own) return { canonical, meta: own };
    if (project.parentId) {
      const parent = await access.load(project.parentId);
      const inherited = parent && parent.userId === userId ? designsMetaOf(parent.data)[canonical] : undefined;
      if (inherited) return { canonical, meta: inherited };
    }
    const parsed = DesignMetaSchema.safeParse(await deps.analysis.designMetaOf(userId, canonical));
    return { canonical, meta: parsed.success ? parsed.data : null };
  }

  /** The brief a design was made from, on top of which an edit applies the user's words. */
  function briefOfDesign(project: ProjectRow, meta: DesignMeta): DesignBrief {
    const current = briefOfProject(project);
    return { ...current, product: meta.product, brand: meta.brand, box_id: meta.box_id, element: meta.element, style: meta.style, color: meta.color };
  }

  function editInput(user: UserRow, brief: DesignBrief, canonical: string, meta: DesignMeta): DesignJobInput {
    const sameColours = brief.color.length === meta.color.length && brief.color.every((c, i) => c === meta.color[i]);
    // What the imagery shows comes from these fields: changing one repaints the imagery's art zone.
    const repaint = (['product', 'element', 'style', 'color'] as const).some((f) => JSON.stringify(brief[f]) !== JSON.stringify(meta[f]));
    return {
      brief,
      seed: meta.seed,
      count: designCount(user, user.editGenerateNum),
      edit: { image_url: canonical, layout_id: meta.layout_id, palette: meta.palette, keep_palette: sameColours, imagery: meta.imagery ?? null, repaint },
    };
  }

  async function rerun(user: UserRow, input: { msg_id: string; retry_num: number }, onlyEdits: boolean): Promise<MessagesAnswer> {
    const { row, project } = await ownedMessage(user.id, input.msg_id);
    const recordId = row.data?.record_id;
    if ((row.kind !== 'answer' && row.kind !== 'error') || typeof recordId !== 'string') throw badRequest(ChatMsg.notRetryable);
    const previous = await chat.recordInput(recordId, user.id);
    const parsed = DesignJobInputSchema.safeParse(previous?.input);
    if (!previous || !parsed.success || (previous.kind !== 'design' && previous.kind !== 'design_edit')) throw notFound(ChatMsg.recordGone);
    if (onlyEdits && previous.kind !== 'design_edit') throw badRequest(ChatMsg.notAnEdit);
    const old = parsed.data;
    const setting = previous.kind === 'design_edit' ? user.editGenerateNum : user.designGenerateNum;
    const record = await startDesign(user, project.id, previous.kind, {
      ...old,
      // A new look each time: retry n of a prompt always differs from the prompt and from retry n-1.
      seed: (old.seed + input.retry_num + 1) % SEED_LIMIT,
      count: designCount(user, setting),
    });
    return { messages: [], record };
  }

  return {
    /** SPEC §4: an empty history is greeted once; otherwise the existing greeting is answered again. */
    async hello(userId: string, projectId: string, chatType: ChatType): Promise<MessagesAnswer> {
      const project = await access.assertOwner(userId, projectId);
      if ((await chat.first(projectId, 1)).length === 0) {
        // A mockup project is greeted as one even when the client leaves `type` at its default ('design').
        const greeting: ChatType = project.type === 'mockup' ? 'mockup' : chatType;
        const replies = await assistant.hello(greeting, briefOfProject(project));
        const rows = await chat.append(projectId, replies.map(replyToMessage), { onlyIfEmpty: true });
        if (rows.length > 0) {
          const messages = rows.map(toChatMessageDto);
          emit(messages);
          return { messages, record: null };
        }
      }
      const first = await chat.first(projectId, HELLO_REPLAY_MAX);
      const userAt = first.findIndex((m) => m.role === 'user');
      return { messages: (userAt < 0 ? first : first.slice(0, userAt)).map(toChatMessageDto), record: null };
    },

    async message(user: UserRow, input: Input<'message'>): Promise<MessagesAnswer> {
      const project = await access.assertOwner(user.id, input.project_id);
      const referenceImg = input.reference_img?.trim() ? input.reference_img.trim() : null;
      if (referenceImg) await deps.files.resolveOwnedImage(user.id, referenceImg);
      const brief = briefOfProject(project);
      const stored = AssistantStateSchema.safeParse(project.data?.chat_state);
      const result = await assistant.respond({
        brief,
        state: stored.success ? stored.data : INITIAL_STATE,
        text: input.content,
        isGenerate: input.is_generate,
        referenceImg,
        chatType: project.type === 'childDesign' ? 'childDesign' : 'design',
      });

      // What the turn will start, decided before anything is stored, so "no credit" stores nothing.
      let start: { kind: 'design' | 'design_edit'; input: DesignJobInput } | null = null;
      // The designs are made from designBrief when the assistant filled a gap (a placeholder brand) for them alone.
      const designBrief = result.designBrief ?? result.brief;
      if (result.action === 'generate' && briefIsReady(designBrief)) {
        start = { kind: 'design', input: { brief: designBrief, seed: randomInt(SEED_LIMIT), count: designCount(user, user.designGenerateNum), edit: null } };
      } else if (result.action === 'edit') {
        const source = referenceImg ?? (typeof project.data?.edit_image_url === 'string' ? project.data.edit_image_url : null);
        const design = source ? await designOf(user.id, project, source) : null;
        if (design?.meta) {
          const base = briefOfDesign(project, design.meta);
          start = { kind: 'design_edit', input: editInput(user, { ...base, ...changedFields(brief, result.brief) }, design.canonical, design.meta) };
        } else if (briefIsReady(result.brief)) {
          // Not one of our designs (an uploaded picture): design afresh from the updated brief.
          start = { kind: 'design', input: { brief: result.brief, seed: randomInt(SEED_LIMIT), count: designCount(user, user.designGenerateNum), edit: null } };
        }
      }
      if (start) assertCredit(user);

      const mine = await append(project.id, [{ id: newId(), role: 'user', kind: 'text', message: input.content, referenceImg }]);
      await saveBrief(project.id, result.brief, result.state);
      const replies = await append(project.id, result.replies.map(replyToMessage));
      const record = start ? await startDesign(user, project.id, start.kind, start.input) : null;
      return { messages: [...mine, ...replies], record };
    },

    async history(userId: string, input: Input<'history'>): Promise<{ list: ChatMessage[]; has_more: boolean }> {
      await access.assertOwner(userId, input.project_id);
      const { rows, hasMore } = await chat.page(input.project_id, input.last_timestamp, input.count);
      return { list: rows.map(toChatMessageDto), has_more: hasMore };
    },

    async info(userId: string, msgId: string): Promise<ChatMessage> {
      const { row } = await ownedMessage(userId, msgId);
      return toChatMessageDto(row);
    },

    /** POST /api/paint/imagine: designs from the brief as it stands (the Generate button). */
    async imagine(user: UserRow, input: Input<'imagine'>): Promise<MessagesAnswer> {
      let project = await access.assertOwner(user.id, input.project_id);
      const logo = input.logo?.trim() ?? '';
      if (logo !== '') {
        const { row } = await deps.files.resolveOwnedImage(user.id, logo);
        if (row.mime !== 'image/png' && row.mime !== 'image/jpeg') throw badRequest(Msg.uploadImageFile);
      }
      const stored = { ...briefOfProject(project), ...(logo !== '' ? { logo } : {}) };
      // Generate means generate: what is missing is assumed for these designs, and the chat says so.
      const assumed = assumeMissingNames(completeBrief(stored));
      const brief = briefIsReady(stored) ? stored : assumed.brief;
      assertCredit(user);
      if (logo !== '' && logo !== project.logo) {
        project = (await projects.update(project.id, { logo })) ?? project;
        realtime.emitToProject(project.id, 'project:updated', { project_id: project.id });
      }
      const note = briefIsReady(stored) ? '' : assumptionNote(assumed);
      const messages = note ? await append(project.id, [{ id: newId(), role: 'assistant', kind: 'text', message: note, data: {} }]) : [];
      const record = await startDesign(user, project.id, 'design', {
        brief,
        seed: randomInt(SEED_LIMIT),
        count: designCount(user, user.designGenerateNum),
        edit: null,
      });
      return { messages, record };
    },

    retry: (user: UserRow, input: Input<'retry'>) => rerun(user, input, false),
    editRetry: (user: UserRow, input: Input<'editRetry'>) => rerun(user, input, true),

    /**
     * POST /api/generate/project/edit: the user's words (content, or the text of msg_id) applied to
     * the brief of one of this project's designs; the new designs keep its layout where possible.
     */
    async editDesign(user: UserRow, input: Input<'editDesign'>): Promise<MessagesAnswer> {
      const project = await access.assertOwner(user.id, input.project_id);
      const { canonical, meta } = await designOf(user.id, project, input.image_url);
      if (!meta) throw badRequest(ChatMsg.pickDesign);
      let words = input.content?.trim() ?? '';
      if (words === '' && input.msg_id) {
        const { row } = await ownedMessage(user.id, input.msg_id);
        if (row.projectId !== project.id) throw forbidden('This message belongs to another project.');
        words = row.message.trim();
      }
      if (words === '') throw badRequest(ChatMsg.whatToChange);

      const base = briefOfDesign(project, meta);
      const result = await assistant.respond({
        brief: base,
        state: INITIAL_STATE,
        text: words,
        isGenerate: false,
        referenceImg: canonical,
        chatType: 'design',
      });
      const edited = { ...base, ...changedFields(base, result.brief) };
      assertCredit(user);

      const messages: ChatMessage[] = [];
      if (input.content?.trim())
        messages.push(...(await append(project.id, [{ id: newId(), role: 'user', kind: 'text', message: words, referenceImg: input.image_url }])));
      const changes = describeChanges(base, edited);
      messages.push(...(await append(project.id, [{ id: newId(), role: 'assistant', kind: 'text', message: ChatMsg.editing(changes), data: {} }])));
      const record = await startDesign(user, project.id, 'design_edit', editInput(user, edited, canonical, meta));
      return { messages, record };
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;

type EditableField = 'product' | 'brand' | 'element' | 'style' | 'color';
const EDITABLE: readonly EditableField[] = ['product', 'brand', 'element', 'style', 'color'];

/** The design fields a turn changed (an edit applies only these to the edited design's brief). */
export function changedFields(before: DesignBrief, after: DesignBrief): Partial<Pick<DesignBrief, EditableField>> {
  const out: Partial<Pick<DesignBrief, EditableField>> = {};
  for (const field of EDITABLE) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) Object.assign(out, { [field]: after[field] });
  }
  return out;
}

/** "brand → Nova, colours → red and gold" for the edit's acknowledgement. */
export function describeChanges(before: DesignBrief, after: DesignBrief): string {
  const parts: string[] = [];
  if (before.brand !== after.brand) parts.push(`brand "${after.brand}"`);
  if (before.product !== after.product) parts.push(`product "${after.product}"`);
  if (JSON.stringify(before.color) !== JSON.stringify(after.color)) parts.push(`colours ${after.color.join(', ') || 'free'}`);
  if (JSON.stringify(before.style) !== JSON.stringify(after.style)) parts.push(`style ${after.style.join(', ') || 'free'}`);
  if (JSON.stringify(before.element) !== JSON.stringify(after.element)) parts.push(`elements ${after.element.join(', ') || 'none'}`);
  return parts.length > 0 ? parts.join('; ') : 'a fresh take on the same brief';
}
