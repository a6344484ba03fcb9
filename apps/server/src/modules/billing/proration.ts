/**
 * Stripe-like proration of a plan change, in integer US cents.
 *
 * - Same billing interval (month → month, year → year): the period is unchanged and the change
 *   costs (new price − old price) × the unused fraction of the period.
 * - Interval change (month ↔ year): a new period starts now, so the full new price is due less the
 *   unused part of the old period as a credit.
 *
 * Rounding: every fraction of a cent is rounded half up once, on the final prorated part (Stripe
 * rounds each proration line to the nearest cent). A change that would be negative (e.g. pro max year
 * 499 → business year 399) is due 0: Stripe would leave a credit balance on the customer, which we do
 * not keep (docs/BILLING.md).
 */
export interface ProrationInput {
  oldPriceCents: number;
  newPriceCents: number;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
  intervalChanges: boolean;
}

export interface ProrationResult {
  amountDueCents: number;
  /** The unused part of the period, 0..1 (shown in the tests and the docs, not billed on its own). */
  unusedFraction: number;
  /** True when a new period starts now (interval change). */
  resetsPeriod: boolean;
}

export function unusedFraction(periodStart: Date, periodEnd: Date, now: Date): number {
  const total = periodEnd.getTime() - periodStart.getTime();
  if (total <= 0) return 0;
  const unused = periodEnd.getTime() - now.getTime();
  return Math.min(1, Math.max(0, unused / total));
}

export function prorate(input: ProrationInput): ProrationResult {
  const fraction = unusedFraction(input.periodStart, input.periodEnd, input.now);
  if (input.intervalChanges) {
    const credit = Math.round(input.oldPriceCents * fraction);
    return { amountDueCents: Math.max(0, input.newPriceCents - credit), unusedFraction: fraction, resetsPeriod: true };
  }
  const due = Math.round((input.newPriceCents - input.oldPriceCents) * fraction);
  return { amountDueCents: Math.max(0, due), unusedFraction: fraction, resetsPeriod: false };
}
