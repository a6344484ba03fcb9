/**
 * The pure parts of the editor module: the plan rule of the editor's calls, which design of a
 * project opens, the stored row as the contract's record, and the brief a panel is redesigned from.
 */
import {
  EditorDocumentSchema,
  GATE_MESSAGES,
  NO_BOX_ID,
  canUseEditor,
  isPaid,
  type EditorDocument,
  type EditorDocumentRecord,
  type GateResult,
  type MembershipSubject,
} from '@packsmith/contracts';
import { migrate } from '@packsmith/editor';
import type { DesignMeta } from '../chat/index.js';

/** What the service reads of a project row. */
export interface ProjectLike {
  id: string;
  type: string;
  name: string;
  parentId: string | null;
  data: Record<string, unknown> | null;
}

/**
 * SPEC §6 "the editor is free once, then paid", for a document that already exists: a paid member
 * may work on any of their editor documents; an unpaid account only on the one document its free
 * opening made (the free opening is one document, kept, not one page load: otherwise the autosave
 * right after the free opening would already be refused). `freeDocument`: editor_documents.free_use.
 * Guests must sign in.
 */
export function editorDocumentGate(user: MembershipSubject, freeDocument: boolean, now: number): GateResult {
  if (user.type === 'guest') return { ok: false, code: 401, msg: GATE_MESSAGES.signIn };
  if (isPaid(user, now) || freeDocument) return { ok: true };
  return { ok: false, code: 403, msg: GATE_MESSAGES.activate };
}

/** Opening a new document: the gate of the existing claim (canUseEditor). */
export const newDocumentGate = canUseEditor;

/** The design a call names by its packshot (or flat front) URL; without one, the newest design. undefined: no such design. */
export function pickDesign(metas: Record<string, DesignMeta>, imageUrl: string | undefined): { url: string; meta: DesignMeta } | null | undefined {
  const entries = Object.entries(metas);
  if (imageUrl !== undefined && imageUrl !== '') {
    const found = entries.find(([url, m]) => url === imageUrl || m.front_url === imageUrl);
    return found ? { url: found[0], meta: found[1] } : undefined;
  }
  // jsonb keeps no insertion order: the newest design is the one of the latest prompt.
  const newest = entries.sort(([, a], [, b]) => b.prompt_index - a.prompt_index)[0];
  return newest ? { url: newest[0], meta: newest[1] } : null;
}

/** A design's brief as documentFromDesign takes it; the project's box when the design has none. */
export function designBrief(meta: DesignMeta, projectBoxId: unknown, prompt?: string) {
  const boxId = meta.box_id !== NO_BOX_ID ? meta.box_id : typeof projectBoxId === 'number' ? projectBoxId : NO_BOX_ID;
  return {
    product: meta.product,
    brand: meta.brand,
    boxId,
    element: meta.element,
    style: foldPrompt(meta.style, prompt),
    color: meta.color,
  };
}

/**
 * The redesign's words folded into the brief: the engine reads style words (families, moods) and
 * colour words from free text, so the prompt joins the style list as one more entry.
 */
export function foldPrompt(style: readonly string[], prompt: string | undefined): string[] {
  const p = prompt?.trim();
  return p ? [...style, p] : [...style];
}

/** A stored document, brought to the current version and checked (a document the schema refuses is a server fault). */
export function storedDocument(raw: unknown): EditorDocument {
  return EditorDocumentSchema.parse(migrate(raw));
}

/** from-design's notLaidOut (engine art keys) as words the screen can show. */
export function notesOf(notLaidOut: readonly string[]): string[] {
  return notLaidOut.map((key) => `The ${key.replace(/[-_]/g, ' ')} artwork is drawn on a curved surface and is not editable here yet.`);
}

export function toRecord(project: ProjectLike, row: { document: unknown; version: number; updatedAt: Date; notes: string[] }): EditorDocumentRecord {
  return {
    project_id: project.id,
    parent_project_id: project.parentId,
    name: project.name,
    document: storedDocument(row.document),
    version: row.version,
    updated_at: row.updatedAt.getTime(),
    notes: row.notes,
  };
}

/** The inside dimensions the info block prints (a box without one of them prints 0). */
export function insideOf(dimensions: Readonly<Record<string, number>>): { length: number; width: number; height: number } {
  const pick = (...keys: string[]) => keys.map((k) => dimensions[k]).find((v): v is number => typeof v === 'number') ?? 0;
  return { length: pick('length', 'L', 'diameter', 'top'), width: pick('width', 'W', 'depth', 'bottom'), height: pick('height', 'H') };
}

/** A material id as the info block's words ('WHITE_BOARD' → 'white board'). */
export const materialWords = (material: string): string => material.toLowerCase().replace(/_/g, ' ');

/** The data: URL the design engine draws a logo with (artwork/brief.ts logoHref), to find its layer again. */
export function logoDataUrl(logo: { data: string | Uint8Array; mime: string }): string {
  if (typeof logo.data === 'string') return logo.data.startsWith('data:') ? logo.data : `data:${logo.mime};base64,${logo.data}`;
  return `data:${logo.mime};base64,${Buffer.from(logo.data).toString('base64')}`;
}
