import { GATE_MESSAGES, canDownload, canUseBusinessFeature, canUseEditor, isPaid, type GateResult } from '@packsmith/contracts';
import type { UserRow } from '../../http/auth-context.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import type { AccessRepo } from './access.repo.js';
import { membershipSubject } from './user.dto.js';
import { openStoredFile, storedFileKey, type StoredFile } from './stored-file.js';

function enforce(gate: GateResult): void {
  if (!gate.ok) throw new AppError(gate.code, gate.msg);
}

/** The membership gates of SPEC §6, enforced on the server with the same pure rules the web shows. */
export function createAccessService(deps: { repo: AccessRepo; filesDir: string; now?: () => number }) {
  const now = deps.now ?? (() => Date.now());
  return {
    /** A full-resolution download: paid members only, and only files that are theirs or public. */
    async download(user: UserRow, url: string, ownOrigins: readonly string[]): Promise<StoredFile> {
      enforce(canDownload(membershipSubject(user), now()));
      const key = storedFileKey(url, ownOrigins);
      if (!key) throw badRequest('url: must be a file stored on this site (/files/…).');
      const owner = await deps.repo.fileOwner(key);
      if (owner && owner.userId !== user.id && !owner.isPublic) throw forbidden();
      const file = await openStoredFile(deps.filesDir, key);
      if (!file) throw notFound('File not found.');
      return file;
    },

    /** The editor is free once (that opening sets editor_used); afterwards it needs a paid membership. */
    async openEditor(user: UserRow): Promise<{ free_use: boolean; editor_used: boolean }> {
      const subject = membershipSubject(user);
      enforce(canUseEditor(subject, now()));
      const claimed = await deps.repo.claimFreeEditorUse(user.id);
      if (isPaid(subject, now())) return { free_use: false, editor_used: true };
      // Two tabs opening at once: only one of them gets the free use.
      if (!claimed) throw forbidden(GATE_MESSAGES.activate);
      return { free_use: true, editor_used: true };
    },

    apiAccess(user: UserRow): { enabled: boolean } {
      enforce(canUseBusinessFeature(membershipSubject(user), now()));
      return { enabled: true };
    },
  };
}
export type AccessService = ReturnType<typeof createAccessService>;
