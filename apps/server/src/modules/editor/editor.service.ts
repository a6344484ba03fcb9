import {
  EDITOR_MAX_NAMED_VERSIONS,
  EDITOR_STALE_MESSAGE,
  NO_BOX_ID,
  boxById,
  EditorDocumentSchema,
  canUseBusinessFeature,
  editorIssueMessage,
  type CallParsedInput,
  type ChatMessage,
  type EditorDocument,
  type EditorDocumentRecord,
  type EditorLayer,
  type EditorNamedVersion,
  type GateResult,
  type GenerateRecord,
  type accessCalls,
  type editorCalls,
} from '@packsmith/contracts';
import { pipeline } from '@packsmith/design-engine';
import { newDocument, withDimensions } from '@packsmith/editor';
import type { DesignSource } from '@packsmith/editor/from-design';
import type { Transact } from '../../db/transact.js';
import type { UserRow } from '../../http/auth-context.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { designsMetaOf } from '../chat/index.js';
import { recordPriority, type GenerateService } from '../generate/index.js';
import type { ProjectAccess, ProjectRepo, ProjectRow } from '../project/index.js';
import { membershipSubject } from '../user/index.js';
import { built, designDocument, type LogoLoader } from './editor.design-doc.js';
import type { EditorRepo } from './editor.repo.js';
import { EDITOR_EXPORT_KIND, type EditorExportJobInput } from './editor.input.js';
import { designBrief, editorDocumentGate, foldPrompt, notesOf, pickDesign, storedDocument, toRecord } from './editor.rules.js';

type Input<K extends keyof typeof editorCalls> = CallParsedInput<(typeof editorCalls)[K]>;
export type EditorOpenInput = CallParsedInput<typeof accessCalls.editorOpen>;

export const EditorMsg = {
  notEditor: 'project_id: this is not an editor project (open a design in the editor first).',
  notOpenable: (type: string) => `project_id: the editor opens designs and editor projects; this is a ${type} project.`,
  noDesign: 'This project has no finished design yet: create one in the design chat first.',
  notADesign: 'image_url: no such design in this project.',
  noDocument: 'This editor project has no document.',
  noVersion: 'version_id: no such named version of this document.',
  noBox: 'This design names a box type that is not in the catalogue: choose a box in the design chat first.',
  noPanel: (id: string) => `panel_id: the dieline has no panel ${id}.`,
  panelPngOnly: 'panel_id: only a png export can be of one panel.',
} as const;

/** What opening resolves to before the gate: an editor project that exists, or one to create once the gate allows it. */
export type PreparedOpen = { existing: { id: string; freeDocument: boolean } } | { create: (opts: { freeUse: boolean }) => Promise<string> };

const DESIGN_TYPES = new Set(['design', 'childDesign']);

function enforce(gate: GateResult): void {
  if (!gate.ok) throw new AppError(gate.code, gate.msg);
}

export interface EditorServiceDeps<Tx> {
  repo: EditorRepo;
  transact: Transact<Tx>;
  access: Pick<ProjectAccess, 'assertOwner'>;
  generate: Pick<GenerateService, 'startRecord'>;
  /** The brief's logo file (project.logo) as the design engine takes it; undefined when it cannot be read. */
  logo?: LogoLoader;
  now?: () => number;
  /** The redesign's new seed (tests fix it). */
  seed?: () => number;
}

/**
 * The AI packaging editor's documents (issue 17): opening (a design as a document, a blank one, an
 * editor project again), the versioned save, named versions, exports as generate records and the
 * redesign of one panel. Ownership first (404 unknown, 403 someone else's), then the plan.
 */
export function createEditorService<Tx extends { editor: EditorRepo; projects: ProjectRepo }>(deps: EditorServiceDeps<Tx>) {
  const now = deps.now ?? (() => Date.now());
  const seed = deps.seed ?? (() => Math.floor(Math.random() * 0x7fffffff));
  const { repo } = deps;

  /** The caller's ai_editor project and its stored document, with the plan checked. */
  async function owned(user: UserRow, projectId: string) {
    const project = await deps.access.assertOwner(user.id, projectId);
    if (project.type !== 'ai_editor') throw badRequest(EditorMsg.notEditor);
    const row = await repo.find(project.id);
    if (!row) throw notFound(EditorMsg.noDocument);
    enforce(editorDocumentGate(membershipSubject(user), row.freeUse, now()));
    return { project, row };
  }

  /** Creates the project and its document once the gate allows it; `make` builds the document then (the engine's work is not done for a refused opening). */
  function creator(
    userId: string,
    fields: { name: string; parentId: string | null; data: Record<string, unknown> },
    make: () => Promise<{ document: EditorDocument; notes: string[] }>,
  ) {
    return async ({ freeUse }: { freeUse: boolean }): Promise<string> => {
      const { document: made, notes } = await make();
      // Checked before it is stored: every read parses the document, so one that does not pass would
      // answer 500 for good. Refused here instead, in words that name the field.
      const checked = EditorDocumentSchema.safeParse(made);
      if (!checked.success) throw badRequest(`This design could not be opened in the editor (${editorIssueMessage(checked.error)})`);
      const document = checked.data;
      const id = newId();
      await deps.transact(async (tx) => {
        await tx.projects.insert({
          id,
          userId,
          type: 'ai_editor',
          name: fields.name,
          parentId: fields.parentId,
          data: fields.data,
        });
        await tx.editor.insert({ projectId: id, document, notes, freeUse });
      });
      return id;
    };
  }

  /** The design engine's document of a brief, with the project's logo (editor.design-doc.ts). */
  const fromDesign = (userId: string, logoUrl: string, brief: DesignSource['brief'], designSeed: number) =>
    designDocument(deps.logo, userId, logoUrl, brief, designSeed);

  /** The design behind an editor project (its parent's designs_meta entry), if it has one. */
  async function parentDesign(userId: string, project: ProjectRow) {
    if (!project.parentId) return null;
    const parent = await deps.access.assertOwner(userId, project.parentId).catch(() => null);
    if (!parent) return null;
    const url = typeof project.data?.image_url === 'string' ? project.data.image_url : undefined;
    const design = pickDesign(designsMetaOf(parent.data), url);
    return design ? { parent, design } : null;
  }

  return {
    /**
     * Everything opening needs before the plan is checked (so a wrong id or a project without a
     * design never uses the free opening): an editor project to reopen, or one to create.
     */
    async prepareOpen(user: UserRow, input: EditorOpenInput): Promise<PreparedOpen> {
      if (input.project_id === undefined || input.project_id === '') {
        // No box named: the design engine's default box (a reverse tuck end), as a design without one gets.
        const doc = built(() => newDocument(input.box_id ?? pipeline.DEFAULT_BOX_ID, input.dimensions ?? {}));
        return {
          create: creator(user.id, { name: 'Untitled packaging', parentId: null, data: { box_id: doc.box.id } }, async () => ({ document: doc, notes: [] })),
        };
      }
      const project = await deps.access.assertOwner(user.id, input.project_id);
      if (project.type === 'ai_editor') {
        const row = await repo.find(project.id);
        if (!row) throw notFound(EditorMsg.noDocument);
        return { existing: { id: project.id, freeDocument: row.freeUse } };
      }
      if (!DESIGN_TYPES.has(project.type)) throw badRequest(EditorMsg.notOpenable(project.type));
      const design = pickDesign(designsMetaOf(project.data), input.image_url);
      if (design === undefined) throw notFound(EditorMsg.notADesign);
      if (design === null) throw badRequest(EditorMsg.noDesign);
      const earlier = await repo.findEditorProject(user.id, project.id, design.url);
      if (earlier) return { existing: { id: earlier.id, freeDocument: earlier.freeUse } };
      const brief = designBrief(design.meta, project.data?.box_id);
      // A catalogue box, or 0 for the engine's default: checked now so the built document cannot fail after the claim.
      if (brief.boxId !== NO_BOX_ID && !boxById(brief.boxId)) throw badRequest(EditorMsg.noBox);
      const name = [design.meta.brand, design.meta.product].filter((s) => s.trim() !== '').join(' — ') || project.name;
      return {
        create: creator(user.id, { name: name.slice(0, 80), parentId: project.id, data: { image_url: design.url } }, async () => {
          // The design's own seed where the design chat kept it (designs since issue 17), else the request's; the plan as rendered is not stored (from-design/index.ts header).
          const made = await fromDesign(user.id, project.logo, brief, design.meta.design_seed ?? design.meta.seed);
          return { document: made.document, notes: notesOf(made.notLaidOut) };
        }),
      };
    },

    async get(user: UserRow, projectId: string): Promise<EditorDocumentRecord> {
      const { project, row } = await owned(user, projectId);
      return toRecord(project, row);
    },

    /** One guarded UPDATE: a version that is no longer the stored one answers 400 (changed elsewhere). */
    async save(user: UserRow, input: Input<'documentSave'>): Promise<{ version: number; updated_at: number }> {
      const { project } = await owned(user, input.project_id);
      const saved = await repo.saveIfVersion(project.id, input.version, input.document);
      if (!saved) throw badRequest(EDITOR_STALE_MESSAGE);
      return { version: saved.version, updated_at: saved.updatedAt.getTime() };
    },

    async versions(user: UserRow, projectId: string): Promise<{ list: EditorNamedVersion[] }> {
      const { project } = await owned(user, projectId);
      const rows = await repo.versions(project.id);
      return { list: rows.map((r) => ({ id: r.id, name: r.name, version: r.version, created_at: r.createdAt.getTime() })) };
    },

    /** The stored document kept under a name; beyond EDITOR_MAX_NAMED_VERSIONS the oldest go. */
    async createVersion(user: UserRow, input: Input<'versionCreate'>): Promise<EditorNamedVersion> {
      const { project, row } = await owned(user, input.project_id);
      const made = await deps.transact(async (tx) => {
        const inserted = await tx.editor.insertVersion({ id: newId(), projectId: project.id, name: input.name, version: row.version, document: row.document });
        await tx.editor.pruneVersions(project.id, EDITOR_MAX_NAMED_VERSIONS);
        return inserted;
      });
      return { id: made.id, name: made.name, version: made.version, created_at: made.createdAt.getTime() };
    },

    /** The named version becomes the current document as a new version (the named one stays). */
    async restoreVersion(user: UserRow, input: Input<'versionRestore'>): Promise<EditorDocumentRecord> {
      const { project, row } = await owned(user, input.project_id);
      const named = await repo.findVersion(project.id, input.version_id);
      if (!named) throw notFound(EditorMsg.noVersion);
      const saved = await repo.saveIfVersion(project.id, row.version, storedDocument(named.document));
      if (!saved) throw badRequest(EDITOR_STALE_MESSAGE);
      return toRecord(project, saved);
    },

    /**
     * An export record (no credits: the file is made from the user's own document by local code).
     * A print-ready PDF without a watermark is Business: refused before any record exists.
     */
    async exportFile(user: UserRow, input: Input<'exportFile'>): Promise<{ messages: ChatMessage[]; record: GenerateRecord }> {
      const { project, row } = await owned(user, input.project_id);
      const watermark = input.watermark === true;
      if (input.format === 'pdf' && !watermark) enforce(canUseBusinessFeature(membershipSubject(user), now()));
      if (input.panel_id !== undefined) {
        if (input.format !== 'png') throw badRequest(EditorMsg.panelPngOnly);
        const doc = storedDocument(row.document);
        if (!doc.dieline.panels.some((p) => p.id === input.panel_id)) throw badRequest(EditorMsg.noPanel(input.panel_id));
      }
      const jobInput: EditorExportJobInput = {
        project_id: project.id,
        format: input.format,
        watermark,
        ...(input.panel_id !== undefined ? { panel_id: input.panel_id } : {}),
      };
      const record = await deps.generate.startRecord({
        user,
        projectId: project.id,
        kind: EDITOR_EXPORT_KIND,
        input: jobInput,
        cost: 0,
        priority: recordPriority(user),
      });
      // The editor has no chat: the record is the whole answer (messages stays for the photo shoot's shape).
      return { messages: [], record };
    },

    /**
     * The design engine again for one panel, on a new seed: the parent design's brief (the prompt
     * folded in), or for a blank document a brief of the project's name. The layers come at the
     * document's own dimensions; the stored document is not changed (the screen applies them as one step).
     */
    async redesignPanel(user: UserRow, input: Input<'redesignPanel'>): Promise<{ panel_id: string; layers: EditorLayer[] }> {
      const { project, row } = await owned(user, input.project_id);
      const doc = storedDocument(row.document);
      if (!doc.dieline.panels.some((p) => p.id === input.panel_id)) throw badRequest(EditorMsg.noPanel(input.panel_id));
      const source = await parentDesign(user.id, project);
      const brief = source
        ? { ...designBrief(source.design.meta, source.parent.data?.box_id, input.prompt), boxId: doc.box.id }
        : { product: project.name, brand: project.name, boxId: doc.box.id, style: foldPrompt([], input.prompt) };
      const made = await fromDesign(user.id, source?.parent.logo ?? '', brief, seed());
      const sized = built(() => withDimensions(made.document, doc.dimensions, doc.thickness_mm));
      const layers = sized.panels.find((p) => p.panel_id === input.panel_id)?.layers ?? [];
      return { panel_id: input.panel_id, layers };
    },
  };
}
export type EditorService = ReturnType<typeof createEditorService>;
