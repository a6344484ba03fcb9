/**
 * Document migrations, the way tldraw's store does them: each step takes a document of one
 * version to the next, and `migrate` runs the steps in order from whatever version it was
 * saved at, then checks the result against the current schema. A document from a newer
 * version than this code knows is refused (it was saved by a newer editor; writing it back
 * with this one would lose what it added).
 */
import { EDITOR_DOCUMENT_VERSION, EditorDocumentSchema, editorIssueMessage, type EditorDocument } from '@packsmith/contracts';

type Json = Record<string, unknown>;

export interface Migration {
  /** The version it takes a document from; it answers version `from + 1`. */
  readonly from: number;
  readonly describe: string;
  up(doc: Json): Json;
}

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every step, oldest first; `migrate` checks that they chain up to EDITOR_DOCUMENT_VERSION. */
export const MIGRATIONS: readonly Migration[] = [
  {
    from: 1,
    describe: 'guides to show or hide (all shown); text layers get a line height (1.2 × size)',
    up(doc) {
      const panels = Array.isArray(doc.panels) ? doc.panels : [];
      return {
        ...doc,
        version: 2,
        guides: isRecord(doc.guides) ? doc.guides : { bleed: true, safe: true, folds: true },
        panels: panels.map((p: unknown) => {
          if (!isRecord(p) || !Array.isArray(p.layers)) return p;
          return {
            ...p,
            layers: p.layers.map((l: unknown) => (isRecord(l) && l.kind === 'text' && l.line_height === undefined ? { ...l, line_height: 1.2 } : l)),
          };
        }),
      };
    },
  },
];

export class MigrationError extends Error {}

/** The version a stored document says it has. */
export function versionOf(doc: unknown): number {
  if (!isRecord(doc)) throw new MigrationError('document must be an object.');
  const v = doc.version;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw new MigrationError('version must be a whole number from 1.');
  return v;
}

/**
 * Brings a stored document of any earlier version to the current one, step by step, and
 * validates it. Throws MigrationError for a newer version or a document that is invalid
 * after migration (the message names the field).
 */
export function migrate(doc: unknown): EditorDocument {
  let version = versionOf(doc);
  if (version > EDITOR_DOCUMENT_VERSION)
    throw new MigrationError(`version ${version} is newer than this editor (${EDITOR_DOCUMENT_VERSION}): reload the page to get the latest editor.`);
  let current = doc as Json;
  while (version < EDITOR_DOCUMENT_VERSION) {
    const step = MIGRATIONS.find((m) => m.from === version);
    if (!step) throw new MigrationError(`no migration from version ${version}.`);
    current = step.up(current);
    const next = versionOf(current);
    if (next !== version + 1) throw new MigrationError(`the migration from version ${version} answered version ${next}.`);
    version = next;
  }
  const parsed = EditorDocumentSchema.safeParse(current);
  if (!parsed.success) throw new MigrationError(editorIssueMessage(parsed.error));
  return parsed.data;
}
