import { canDownload, canUseEditor, designsPerPrompt, isPaid, mayPurchase, tierLabel, upgradeTargets, type User } from '@packsmith/contracts';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../http/auth-context.js';
import { newId } from '../../lib/ids.js';
import type { CreditService } from '../credits/credit.service.js';
import type { SessionService } from '../session/session.service.js';
import { createUserRepo, type UserRepo } from './user.repo.js';
import { membershipSubject, toUserDto } from './user.dto.js';

export function createUserService(deps: { db: Db; users: UserRepo; sessions: SessionService; credits: CreditService }) {
  return {
    /** A guest account with the starting credits, and its token. */
    async createGuest(): Promise<{ user: UserRow; token: string }> {
      const user = await deps.db.transaction(async (tx) => {
        const created = await createUserRepo(tx).insert({ id: newId(), type: 'guest' });
        await deps.credits.grantSignupBonus(created.id, tx);
        return created;
      });
      const token = await deps.sessions.issue(user.id, 'guest');
      return { user, token };
    },
    me(user: UserRow): User {
      return toUserDto(user);
    },
    info(user: UserRow) {
      const subject = membershipSubject(user);
      return {
        tier: tierLabel(subject),
        is_paid: isPaid(subject),
        can_download: canDownload(subject).ok,
        can_use_editor: canUseEditor(subject).ok,
        may_purchase: mayPurchase(subject),
        designs_per_prompt: designsPerPrompt(subject),
        upgrade_targets: upgradeTargets(subject),
        // SPEC §9: the generation count shown is num × 10.
        generate_count_display: user.designGenerateNum * 10,
      };
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
