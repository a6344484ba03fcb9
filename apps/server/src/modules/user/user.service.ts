import { canDownload, canUseEditor, designsPerPrompt, isPaid, mayPurchase, tierLabel, upgradeTargets, type User } from '@packsmith/contracts';
import type { UserRow } from '../../http/auth-context.js';
import { tooManyRequests } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { waitInWords, type LimitRule } from '../../rate-limit/rate-limiter.js';
import type { Transact } from '../../db/transact.js';
import type { CreditService, CreditTx } from '../credits/index.js';
import type { SessionService } from '../session/index.js';
import type { UserRepo } from './user.repo.js';
import { membershipSubject, toUserDto } from './user.dto.js';

export const GuestMsg = {
  tooMany: (wait: string) => `Too many guest sessions were started from your network. Please try again in ${wait}, or sign in.`,
} as const;

export function createUserService(deps: {
  /** A guest and its starting credits are written together. */
  transact: Transact<{ users: UserRepo } & CreditTx>;
  sessions: SessionService;
  credits: CreditService;
  /** Guests per client address: each guest carries free credits, so minting them must cost something. */
  guestsPerAddress: LimitRule;
}) {
  return {
    /** A guest account with the starting credits, and its token; refused (code 429) over the address's limit. */
    async createGuest(client: { address: string }): Promise<{ user: UserRow; token: string }> {
      const allowed = await deps.guestsPerAddress.consume(client.address);
      if (!allowed.ok) throw tooManyRequests(GuestMsg.tooMany(waitInWords(allowed.retryAfterMs)));
      const user = await deps.transact(async (tx) => {
        const created = await tx.users.insert({ id: newId(), type: 'guest' });
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
