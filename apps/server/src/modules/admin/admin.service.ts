import { CREDIT_REASON_LABELS, PaidVipTypeSchema, VipTypeSchema, type AdminUser, type PaidVipType, type VipType } from '@packsmith/contracts';
import type { Transact } from '../../db/transact.js';
import type { UserRow } from '../../http/auth-context.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { toMs, toMsOrZero } from '../../lib/time.js';
import type { PromotionAdmin, PromotionCodeRecord } from '../billing/index.js';
import type { CreditTx } from '../credits/index.js';
import type { GrantOutcome, RedeemKind, RedeemCodeRow, RedeemService, RedeemTx } from '../redeem/index.js';
import { toUserDto } from '../user/index.js';
import type { AdminRepo, LedgerEntryRow, PaymentRow, SubscriptionRow } from './admin.repo.js';

export const AdminMsg = {
  noUser: 'There is no such user.',
  notEnoughCredits: (credit: number) => `This user has ${credit} credits: the change would take the balance below zero.`,
  noPayments: 'Plans and promotion codes need the payments module, which is not set up on this server.',
  noPromotion: 'There is no such promotion code.',
} as const;

/** What admins do, as written in the admin log (`action`). */
export const AdminAction = {
  adjustCredits: 'credits.adjust',
  grantPlan: 'plan.grant',
  endPlan: 'plan.end',
  createPromotionCode: 'promotion_code.create',
  setPromotionCodeActive: 'promotion_code.set_active',
  createRedeemCodes: 'redeem_codes.create',
  setAdmin: 'admin.set',
} as const;

/**
 * The billing module's PlanGrants (billing-ports.ts) as the admin area uses it, over the caller's
 * transaction `Tx`, declared structurally (see RedeemPlanGrants); services.ts passes billing.planGrants.
 */
export interface AdminPlanGrants<Tx> {
  grantPlan(input: { userId: string; vipType: PaidVipType; days: number | null; source: 'admin' | 'redeem'; refId: string }, tx?: Tx): Promise<GrantOutcome>;
  endPlan(userId: string): Promise<{ vipType: string; vipExpireTime: Date | null }>;
}

/** Promotion codes are the billing module's (billing-ports.ts). */
export type AdminPromotionRecord = PromotionCodeRecord;
export type AdminPromotions = PromotionAdmin;

/** The repositories an admin change writes together with its log entry. */
export interface AdminTx extends CreditTx, Pick<RedeemTx, 'redeemCodes'> {
  admin: AdminRepo;
}

/** A page of rows as the admin calls answer it. */
const mapPage = <R, T>(page: { total: number; items: R[] }, toItem: (row: R) => T) => ({ total: page.total, items: page.items.map(toItem) });

const vipOf = (v: string): VipType => VipTypeSchema.catch('normal').parse(v);
const paidVipOf = (v: string): PaidVipType => PaidVipTypeSchema.parse(v);

export function toAdminUser(row: UserRow, now?: number): AdminUser {
  const dto = toUserDto(row, { now });
  return {
    user_id: row.id,
    email: row.email,
    name: row.name,
    type: row.type,
    vip_type: dto.vip_type,
    vip_expire_time: dto.vip_expire_time,
    credit: row.credit,
    is_admin: row.isAdmin,
    created_at: toMsOrZero(row.createdAt),
  };
}

export function toCreditEntry(e: LedgerEntryRow) {
  return {
    id: e.id,
    delta: e.delta,
    balance_after: e.balanceAfter,
    reason: e.reason,
    label: CREDIT_REASON_LABELS[e.reason] ?? e.reason,
    ref_id: e.refId,
    created_at: toMsOrZero(e.createdAt),
  };
}

function toSubscription(s: SubscriptionRow) {
  return {
    id: s.id,
    source: s.source,
    vip_type: paidVipOf(s.vipType),
    status: s.status,
    current_period_start: toMs(s.currentPeriodStart),
    current_period_end: toMs(s.currentPeriodEnd),
    cancel_at_period_end: s.cancelAtPeriodEnd,
    created_at: toMsOrZero(s.createdAt),
  };
}

function toInvoice(p: PaymentRow) {
  return {
    id: p.id,
    number: p.number,
    vip_type: paidVipOf(p.vipType),
    amount_cents: p.amountCents,
    currency: p.currency,
    status: p.status,
    period_start: toMsOrZero(p.periodStart),
    period_end: toMsOrZero(p.periodEnd),
    created_at: toMsOrZero(p.createdAt),
    // The sandbox's invoices are rendered by us (billing module's PDF route).
    pdf_url: p.pdfUrl ?? `/api/pay/invoices/${encodeURIComponent(p.id)}/pdf`,
  };
}

export function toPromotionCode(p: AdminPromotionRecord) {
  return {
    id: p.id,
    code: p.code,
    percent_off: p.percentOff,
    vip_types: p.vipTypes,
    active: p.active,
    expires_at: toMs(p.expiresAt),
    max_redemptions: p.maxRedemptions,
    times_redeemed: p.timesRedeemed,
    created_at: toMsOrZero(p.createdAt),
  };
}

export function toRedeemRecord(r: RedeemCodeRow) {
  return {
    id: r.id,
    hint: r.hint,
    kind: r.kind,
    credits: r.credits,
    vip_type: r.vipType === null ? null : paidVipOf(r.vipType),
    days: r.days,
    source: r.source,
    created_at: toMsOrZero(r.createdAt),
    redeemed_at: toMs(r.redeemedAt),
    redeemed_by: r.redeemedBy,
  };
}

/**
 * The admin area: every call starts with `requireAdmin`, and every change writes an admin log entry
 * (who, what, target, details) — in the change's own transaction where the change is ours; after it
 * where the billing port does the work without a transaction of ours (ending a plan cancels at the
 * provider; promotion codes may be mirrored to Stripe).
 *
 * Other modules curate their own data under /api/admin/ (the guard covers that prefix): the factory
 * directory (modules/factory) writes its changes and the admin log entry in one transaction; design-idea
 * curation follows the same shape, with a section in the web page's ADMIN_SECTIONS
 * (apps/web/src/pages/admin/AdminPage.tsx). See README.md here.
 */
export function createAdminService<Tx extends AdminTx>(deps: {
  repo: AdminRepo;
  transact: Transact<Tx>;
  redeem: RedeemService;
  /** Null until the billing module is composed: grant/end plan answer 400 in words. */
  planGrants: AdminPlanGrants<Tx> | null;
  promotions: AdminPromotions | null;
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const log = (adminUserId: string, action: string, targetUserId: string | null, details: Record<string, unknown>, tx?: Pick<AdminTx, 'admin'>) =>
    (tx?.admin ?? repo).logAction({ adminUserId, action, targetUserId, details });
  const mustExist = async (userId: string): Promise<UserRow> => {
    const user = await repo.userById(userId);
    if (!user) throw notFound(AdminMsg.noUser);
    return user;
  };
  const plans = (): AdminPlanGrants<Tx> => {
    if (!deps.planGrants) throw badRequest(AdminMsg.noPayments);
    return deps.planGrants;
  };
  const promotions = (): AdminPromotions => {
    if (!deps.promotions) throw badRequest(AdminMsg.noPayments);
    return deps.promotions;
  };

  return {
    /** Code 403 unless the caller is an admin now (read from the database, not the session cache). */
    async requireAdmin(userId: string): Promise<void> {
      if (!(await repo.isAdmin(userId))) throw forbidden();
    },

    async users(q: string, pageIndex: number, pageSize: number) {
      const page = await repo.searchUsers(q, pageIndex, pageSize);
      const at = now().getTime();
      return mapPage(page, (u) => toAdminUser(u, at));
    },

    async user(userId: string) {
      const user = await mustExist(userId);
      const [ledger, subs, invoices] = await Promise.all([repo.ledgerOf(userId, 200), repo.subscriptionsOf(userId), repo.invoicesOf(userId)]);
      return {
        user: toAdminUser(user, now().getTime()),
        ledger: ledger.map(toCreditEntry),
        subscriptions: subs.map(toSubscription),
        invoices: invoices.map(toInvoice),
      };
    },

    /** Through the ledger (reason admin_adjust, ref the log entry's id), in one transaction with the log entry. */
    async adjustCredits(adminUserId: string, input: { user_id: string; delta: number; reason: string }): Promise<{ credit: number }> {
      await mustExist(input.user_id);
      return deps.transact(async (tx) => {
        const action = await log(adminUserId, AdminAction.adjustCredits, input.user_id, { delta: input.delta, reason: input.reason }, tx);
        const r = await tx.credits.apply(input.user_id, input.delta, 'admin_adjust', String(action.id));
        if (r.insufficient) throw badRequest(AdminMsg.notEnoughCredits(r.balance));
        return { credit: r.balance };
      });
    },

    async grantPlan(adminUserId: string, input: { user_id: string; vip_type: PaidVipType; days?: number; reason: string }) {
      const grants = plans();
      await mustExist(input.user_id);
      const r = await deps.transact(async (tx) => {
        const action = await log(
          adminUserId,
          AdminAction.grantPlan,
          input.user_id,
          { vip_type: input.vip_type, days: input.days ?? null, reason: input.reason },
          tx,
        );
        return grants.grantPlan(
          { userId: input.user_id, vipType: input.vip_type, days: input.days ?? null, source: 'admin', refId: `admin-action-${action.id}` },
          tx,
        );
      });
      return { vip_type: vipOf(r.vipType), vip_expire_time: toMs(r.vipExpireTime), credit: r.credit };
    },

    /** The provider is told first (ending cancels a paid subscription there), then the log records it. */
    async endPlan(adminUserId: string, input: { user_id: string; reason: string }) {
      const grants = plans();
      const user = await mustExist(input.user_id);
      const r = await grants.endPlan(input.user_id);
      await log(adminUserId, AdminAction.endPlan, input.user_id, { reason: input.reason, vip_type_before: user.vipType });
      return { vip_type: vipOf(r.vipType), vip_expire_time: toMs(r.vipExpireTime) };
    },

    async promotionCodes(pageIndex: number, pageSize: number) {
      const page = await promotions().list(pageIndex, pageSize);
      return mapPage(page, toPromotionCode);
    },

    async createPromotionCode(
      adminUserId: string,
      input: { code: string; percent_off: number; vip_types: PaidVipType[]; expires_at?: number | null; max_redemptions?: number | null },
    ) {
      const created = await promotions().create(
        {
          code: input.code,
          percentOff: input.percent_off,
          vipTypes: input.vip_types,
          expiresAt: input.expires_at ? new Date(input.expires_at) : null,
          maxRedemptions: input.max_redemptions ?? null,
        },
        adminUserId,
      );
      await log(adminUserId, AdminAction.createPromotionCode, null, {
        id: created.id,
        code: created.code,
        percent_off: created.percentOff,
        vip_types: created.vipTypes,
        expires_at: toMs(created.expiresAt),
        max_redemptions: created.maxRedemptions,
      });
      return toPromotionCode(created);
    },

    async setPromotionCodeActive(adminUserId: string, input: { id: string; active: boolean }) {
      const updated = await promotions().setActive(input.id, input.active);
      if (!updated) throw notFound(AdminMsg.noPromotion);
      await log(adminUserId, AdminAction.setPromotionCodeActive, null, { id: updated.id, code: updated.code, active: updated.active });
      return toPromotionCode(updated);
    },

    async redeemCodes(pageIndex: number, pageSize: number) {
      const page = await deps.redeem.list(pageIndex, pageSize);
      return mapPage(page, toRedeemRecord);
    },

    /** The codes are in this answer only; the log keeps their ids and hints, never the codes. */
    async createRedeemCodes(
      adminUserId: string,
      input: { kind: RedeemKind; credits: number; vip_type: PaidVipType | null; days: number | null; count: number; source: string },
    ) {
      return deps.transact(async (tx) => {
        const { codes, records } = await deps.redeem.create(
          {
            count: input.count,
            kind: input.kind,
            credits: input.credits,
            vipType: input.vip_type,
            days: input.days,
            source: input.source,
            createdBy: adminUserId,
          },
          tx,
        );
        await log(
          adminUserId,
          AdminAction.createRedeemCodes,
          null,
          {
            kind: input.kind,
            count: records.length,
            credits: records[0]?.credits ?? 0,
            vip_type: input.vip_type,
            days: input.days,
            source: records[0]?.source,
            ids: records.map((r) => r.id),
            hints: records.map((r) => r.hint),
          },
          tx,
        );
        return { codes, items: records.map(toRedeemRecord) };
      });
    },

    async cancellations(pageIndex: number, pageSize: number) {
      const page = await repo.cancellations(pageIndex, pageSize);
      return mapPage(page, (c) => ({
        id: c.id,
        user_id: c.userId,
        email: c.email,
        vip_type: vipOf(c.vipType),
        comment: c.comment,
        created_at: toMsOrZero(c.createdAt),
      }));
    },

    async paymentEvents(pageIndex: number, pageSize: number) {
      const page = await repo.paymentEvents(pageIndex, pageSize);
      return mapPage(page, (e) => ({
        id: e.id,
        provider: e.provider,
        type: e.type,
        user_id: e.userId,
        outcome: e.outcome,
        created_at: toMsOrZero(e.eventCreatedAt),
        received_at: toMsOrZero(e.receivedAt),
      }));
    },

    async actions(pageIndex: number, pageSize: number) {
      const page = await repo.actions(pageIndex, pageSize);
      return mapPage(page, (a) => ({
        id: a.id,
        admin_user_id: a.adminUserId,
        admin_email: a.adminEmail,
        action: a.action,
        target_user_id: a.targetUserId,
        details: a.details,
        created_at: toMsOrZero(a.createdAt),
      }));
    },

    /** Appends to the admin log outside a change of this service (the admin CLI's changes). */
    log,
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
