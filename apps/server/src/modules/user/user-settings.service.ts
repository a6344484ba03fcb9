import { designsPerPrompt, type GenerateNum } from '@packsmith/contracts';
import type { UserRow } from '../../http/auth-context.js';
import { badRequest } from '../../http/errors.js';
import { membershipSubject } from './user.dto.js';
import { normalizeUploadHistory, type UploadHistoryItem } from './upload-history.js';
import type { UserSettingsRepo } from './user-settings.repo.js';

/** The settings inside a caller's transaction: the repositories its `transact` handed it. */
export interface UserSettingsTx {
  userSettings: UserSettingsRepo;
}

/** Per-user settings and lists; every method works on the caller's own row only. */
export function createUserSettingsService(deps: { repo: UserSettingsRepo }) {
  const { repo } = deps;
  return {
    async uploadHistory(userId: string): Promise<{ history: UploadHistoryItem[] }> {
      return { history: normalizeUploadHistory(await repo.uploadHistoryOf(userId)) };
    },
    async replaceUploadHistory(userId: string, history: readonly UploadHistoryItem[]): Promise<{ history: UploadHistoryItem[] }> {
      const normalized = normalizeUploadHistory(history);
      await repo.setUploadHistory(userId, normalized);
      return { history: normalized };
    },
    /** A guest's uploads join the account's list when the guest is merged (same transaction as the merge). */
    async mergeUploadHistory(tx: UserSettingsTx, fromUserId: string, toUserId: string): Promise<void> {
      const r = tx.userSettings;
      const from = await r.uploadHistoryOf(fromUserId);
      if (from.length === 0) return;
      const to = await r.uploadHistoryOf(toUserId);
      await r.setUploadHistory(toUserId, normalizeUploadHistory([...to, ...from]));
    },
    /** Designs per prompt / per edit: 1 up to what the user's plan allows (SPEC §6: 2 free, 4 pro, 8 business). */
    async setGenerateNum(user: UserRow, patch: Partial<GenerateNum>): Promise<GenerateNum> {
      const max = designsPerPrompt(membershipSubject(user));
      for (const field of ['design_generate_num', 'edit_generate_num'] as const) {
        const value = patch[field];
        if (value !== undefined && (value < 1 || value > max)) {
          throw badRequest(`${field}: must be between 1 and ${max} on your plan.`);
        }
      }
      const row = await repo.setGenerateNum(user.id, {
        ...(patch.design_generate_num !== undefined ? { designGenerateNum: patch.design_generate_num } : {}),
        ...(patch.edit_generate_num !== undefined ? { editGenerateNum: patch.edit_generate_num } : {}),
      });
      return { design_generate_num: row.designGenerateNum, edit_generate_num: row.editGenerateNum };
    },
    async recordApiIntention(userId: string, data: { company?: string; use_case?: string; email?: string }): Promise<{ recorded: boolean }> {
      await repo.insertApiIntention(userId, { ...data });
      return { recorded: true };
    },
  };
}
export type UserSettingsService = ReturnType<typeof createUserSettingsService>;
