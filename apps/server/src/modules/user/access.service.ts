import {
  GATE_MESSAGES,
  canDownload,
  canUseBusinessFeature,
  canUseEditor,
  isPaid,
  type CallParsedInput,
  type GateResult,
  type accessCalls,
} from '@packsmith/contracts';
import type { UserRow } from '../../http/auth-context.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import type { FileAccess } from '../files/index.js';
import type { Storage } from '../../storage/storage.js';
import type { AccessRepo } from './access.repo.js';
import { membershipSubject } from './user.dto.js';

export interface DownloadFile {
  body: NodeJS.ReadableStream;
  size: number;
  filename: string;
  contentType: string;
}

const PRINT_FILE_MIME = 'image/svg+xml';

function enforce(gate: GateResult): void {
  if (!gate.ok) throw new AppError(gate.code, gate.msg);
}

/**
 * What opening the editor resolves to before the gate (modules/editor prepareOpen): an editor
 * project that exists (`freeDocument`: the one the account's free opening made), or one to create.
 * Structural, so this module does not import the editor's.
 */
export type EditorOpening = { existing: { id: string; freeDocument: boolean } } | { create: (opts: { freeUse: boolean }) => Promise<string> };

export type EditorOpenInput = CallParsedInput<typeof accessCalls.editorOpen>;

export interface EditorOpener {
  prepareOpen(user: UserRow, input: EditorOpenInput): Promise<EditorOpening>;
}

/** The membership gates of SPEC §6, enforced on the server with the same pure rules the web shows. */
export function createAccessService(deps: {
  repo: AccessRepo;
  storage: Storage;
  resolveOwnedImage: FileAccess['resolveOwnedImage'];
  editor: EditorOpener;
  now?: () => number;
}) {
  const now = deps.now ?? (() => Date.now());
  return {
    /**
     * A full-resolution download: paid members only, and only files that are theirs or public. Print
     * files (the dieline sheets, the only SVGs we store: uploads of SVG are refused) are Business-only.
     */
    async download(user: UserRow, url: string): Promise<DownloadFile> {
      enforce(canDownload(membershipSubject(user), now()));
      // Same rule as every call taking an image URL: our storage only, registered, and theirs or public.
      const { key, row } = await deps.resolveOwnedImage(user.id, url);
      if (row.mime === PRINT_FILE_MIME) enforce(canUseBusinessFeature(membershipSubject(user), now()));
      const object = await deps.storage.stream(key);
      if (!object) throw notFound('File not found.');
      return {
        body: object.body,
        size: object.size,
        filename: key.split('/').at(-1) ?? 'download',
        contentType: object.contentType ?? row.mime,
      };
    },

    /**
     * The editor is free once (that opening sets editor_used); afterwards it needs a paid membership.
     * "Once" is one document: the editor project the free opening made stays open to its owner
     * (reopening it claims nothing); any other opening of an unpaid account whose free use is spent
     * is refused. Guests are refused before anything is read; a wrong project or design is refused
     * before the claim, so it never spends the free opening.
     */
    async openEditor(user: UserRow, input: EditorOpenInput): Promise<{ free_use: boolean; editor_used: boolean; editor_project_id: string }> {
      const subject = membershipSubject(user);
      if (subject.type === 'guest') enforce(canUseEditor(subject, now()));
      const opening = await deps.editor.prepareOpen(user, input);
      const paid = isPaid(subject, now());
      if ('existing' in opening) {
        if (!paid && !opening.existing.freeDocument) throw forbidden(GATE_MESSAGES.activate);
        return { free_use: false, editor_used: true, editor_project_id: opening.existing.id };
      }
      enforce(canUseEditor(subject, now()));
      const claimed = await deps.repo.claimFreeEditorUse(user.id);
      if (paid) return { free_use: false, editor_used: true, editor_project_id: await opening.create({ freeUse: false }) };
      // Two tabs opening at once: only one of them gets the free use.
      if (!claimed) throw forbidden(GATE_MESSAGES.activate);
      return { free_use: true, editor_used: true, editor_project_id: await opening.create({ freeUse: true }) };
    },

    apiAccess(user: UserRow): { enabled: boolean } {
      enforce(canUseBusinessFeature(membershipSubject(user), now()));
      return { enabled: true };
    },
  };
}
export type AccessService = ReturnType<typeof createAccessService>;
