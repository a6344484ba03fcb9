import type { PaidVipType } from '@packsmith/contracts';
import type { BillingTx } from './billing-tx.js';

/**
 * What the billing module offers the redeem codes, the admin area and the admin CLI. A `tx` is the
 * repositories of the caller's transaction (createTransact: the whole Repositories fits), so a code
 * is claimed and its grant applied in one commit. Typed by the part it uses (BillingTx), because
 * importing repositories.ts here would close a cycle (repositories.ts imports this module).
 */
export interface PlanGrants {
  /**
   * Grants `vipType` from now for `days` (null = one period of the plan) with the plan's monthly
   * credits through the ledger; a subscription row of `source` records it. The same `refId` twice
   * grants once.
   */
  grantPlan(
    input: { userId: string; vipType: PaidVipType; days: number | null; source: 'admin' | 'redeem'; refId: string },
    tx?: BillingTx,
  ): Promise<{ vipType: string; vipExpireTime: Date | null; credit: number }>;
  /** The lifetime deal: `vipType`'s credits now and every month after, the membership renewed monthly, no end. */
  startLifetime(
    input: { userId: string; vipType: PaidVipType; refId: string },
    tx?: BillingTx,
  ): Promise<{ vipType: string; vipExpireTime: Date | null; credit: number }>;
  /** Ends the running membership now, cancelling a provider subscription; credits stay. */
  endPlan(userId: string): Promise<{ vipType: string; vipExpireTime: Date | null }>;
}

export interface PromotionCodeRecord {
  id: string;
  code: string;
  percentOff: number;
  vipTypes: PaidVipType[];
  active: boolean;
  expiresAt: Date | null;
  maxRedemptions: number | null;
  timesRedeemed: number;
  createdAt: Date;
}

export interface PromotionAdmin {
  /** Code 400 when the code exists already; mirrored to Stripe when Stripe is on. */
  create(
    input: { code: string; percentOff: number; vipTypes: PaidVipType[]; expiresAt: Date | null; maxRedemptions: number | null },
    createdBy: string,
  ): Promise<PromotionCodeRecord>;
  list(pageIndex: number, pageSize: number): Promise<{ total: number; items: PromotionCodeRecord[] }>;
  /** Null when there is no such code. */
  setActive(id: string, active: boolean): Promise<PromotionCodeRecord | null>;
}
