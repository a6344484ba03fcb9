import { PLAN_PRICES, planFamilyOf, type PaidVipType } from '@packsmith/contracts';
import type { Transact } from '../../db/transact.js';
import type { UserRow } from '../../http/auth-context.js';
import { badRequest, tooManyRequests } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { waitInWords, type LimitRule } from '../../rate-limit/rate-limiter.js';
import type { CreditService, CreditTx } from '../credits/index.js';
import type { UserRepo } from '../user/index.js';
import { generateRedeemCode, hashRedeemCode, redeemCodeHint } from './redeem-code.js';
import type { RedeemCodeRow, RedeemRepo } from './redeem.repo.js';

export const RedeemMsg = {
  notValid: 'This code is not valid.',
  used: 'This code has already been used.',
  tooManyAttempts: (wait: string) => `Too many codes that did not work. Try again in ${wait}.`,
  noPlans: 'Plan codes cannot be used yet: payments are not set up on this server.',
  creditsNeeded: 'A credits code needs a number of credits above zero.',
  planNeeded: 'Choose the plan the code grants.',
  planNotForCredits: 'A credits code grants no plan: leave the plan empty.',
} as const;

export type RedeemKind = 'credits' | 'plan' | 'lifetime';

/** What a grant answers: the user's plan and balance after it. */
export interface GrantOutcome {
  vipType: string;
  vipExpireTime: Date | null;
  credit: number;
}

/**
 * The part of the billing module's PlanGrants (billing-ports.ts) a plan or lifetime code uses, over
 * the caller's transaction `Tx`, declared structurally: the composition root passes
 * `billing.planGrants`, tests may pass a fake.
 */
export interface RedeemPlanGrants<Tx> {
  grantPlan(input: { userId: string; vipType: PaidVipType; days: number | null; source: 'admin' | 'redeem'; refId: string }, tx?: Tx): Promise<GrantOutcome>;
  startLifetime(input: { userId: string; vipType: PaidVipType; refId: string }, tx?: Tx): Promise<GrantOutcome>;
}

/** The repositories a redemption writes together. */
export interface RedeemTx extends CreditTx {
  redeemCodes: RedeemRepo;
  users: UserRepo;
}

export interface CreateRedeemCodesInput {
  count: number;
  kind: RedeemKind;
  credits: number;
  vipType: PaidVipType | null;
  days: number | null;
  source: string;
  /** The admin's user id, or `cli:<name>` for the command line. */
  createdBy: string;
}

export interface RedeemResult {
  kind: RedeemKind;
  creditsAdded: number;
  vipType: string;
  vipExpireTime: Date | null;
  credit: number;
}

/**
 * One-time codes. A code is claimed and its grant applied in one transaction: the claim is a single
 * conditional UPDATE, so under any race exactly one use wins and a failed grant un-claims the code.
 */
export function createRedeemService<Tx extends RedeemTx>(deps: {
  repo: RedeemRepo;
  transact: Transact<Tx>;
  credits: CreditService;
  /** Null until the billing module is composed: plan and lifetime codes are then refused in words. */
  planGrants: RedeemPlanGrants<Tx> | null;
  /** Wrong codes per user (guessing); a code that works is taken back. */
  attempts: LimitRule;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  async function apply(row: RedeemCodeRow, userId: string, tx: Tx): Promise<RedeemResult> {
    const kind = row.kind;
    if (kind === 'credits') {
      const credit = await deps.credits.grant(userId, row.credits, 'redeem', row.id, tx);
      const user = await tx.users.findById(userId);
      return { kind, creditsAdded: row.credits, vipType: user?.vipType ?? 'normal', vipExpireTime: user?.vipExpireTime ?? null, credit };
    }
    if (!deps.planGrants) throw badRequest(RedeemMsg.noPlans);
    const vipType = row.vipType as PaidVipType;
    const before = (await tx.users.findById(userId))?.credit ?? 0;
    const r =
      kind === 'plan'
        ? await deps.planGrants.grantPlan({ userId, vipType, days: row.days, source: 'redeem', refId: row.id }, tx)
        : await deps.planGrants.startLifetime({ userId, vipType, refId: row.id }, tx);
    return { kind, creditsAdded: Math.max(0, r.credit - before), vipType: r.vipType, vipExpireTime: r.vipExpireTime, credit: r.credit };
  }

  return {
    /** Uses `code` for `user`: code 400 in words when unknown or used, 429 after too many wrong codes. */
    async use(user: UserRow, code: string): Promise<RedeemResult> {
      const allowed = await deps.attempts.attempt(user.id);
      if (!allowed.ok) throw tooManyRequests(RedeemMsg.tooManyAttempts(waitInWords(allowed.retryAfterMs)));
      const hash = hashRedeemCode(code);
      const result = await deps.transact(async (tx) => {
        const claimed = await tx.redeemCodes.claim(hash, user.id, now());
        if (!claimed) throw badRequest((await tx.redeemCodes.findByHash(hash)) ? RedeemMsg.used : RedeemMsg.notValid);
        return apply(claimed, user.id, tx);
      });
      // Only wrong codes count towards the limit.
      await deps.attempts.undo(user.id);
      return result;
    },

    /**
     * Makes `count` codes; the plain codes are in this answer only (stored hashed). Inside `tx` they
     * commit with the caller's admin log entry.
     */
    async create(input: CreateRedeemCodesInput, tx?: Pick<RedeemTx, 'redeemCodes'>): Promise<{ codes: string[]; records: RedeemCodeRow[] }> {
      const shape = redeemShape(input);
      const codes = Array.from({ length: input.count }, generateRedeemCode);
      const records = await (tx?.redeemCodes ?? deps.repo).insertMany(
        codes.map((code) => ({
          id: newId(),
          codeHash: hashRedeemCode(code),
          hint: redeemCodeHint(code),
          kind: input.kind,
          ...shape,
          source: input.source.trim() || 'admin',
          createdBy: input.createdBy,
        })),
      );
      return { codes, records };
    },

    list: (pageIndex: number, pageSize: number) => deps.repo.list(pageIndex, pageSize),
  };
}
export type RedeemService = ReturnType<typeof createRedeemService>;

/** What each kind stores: credits only, a plan for some days (null = the plan's period), or a lifetime plan. */
export function redeemShape(input: Pick<CreateRedeemCodesInput, 'kind' | 'credits' | 'vipType' | 'days'>): {
  credits: number;
  vipType: PaidVipType | null;
  days: number | null;
} {
  if (input.kind === 'credits') {
    if (!(input.credits > 0)) throw badRequest(RedeemMsg.creditsNeeded);
    if (input.vipType) throw badRequest(RedeemMsg.planNotForCredits);
    return { credits: input.credits, vipType: null, days: null };
  }
  if (!input.vipType) throw badRequest(RedeemMsg.planNeeded);
  // The credits a plan code brings are the plan's own (granted by PlanGrants); recorded for the admin list.
  const credits = PLAN_PRICES[planFamilyOf(input.vipType)].credits;
  return input.kind === 'plan' ? { credits, vipType: input.vipType, days: input.days } : { credits, vipType: input.vipType, days: null };
}
