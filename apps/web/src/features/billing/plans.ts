import { FREE_CREDITS, PLAN_FEATURES, PLAN_PRICES, type PlanFamily } from '@packsmith/contracts';

export type Period = 'month' | 'year';

export function usd(amount: number): string {
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(amount) ? 0 : 1, maximumFractionDigits: 2 })}`;
}

export interface PlanCard {
  id: 'free' | PlanFamily;
  title: string;
  /** Price shown large: per month for monthly billing, the monthly equivalent for yearly. */
  headline: string;
  note: string;
  credits: number;
  features: readonly string[];
  highlight: boolean;
}

/** Cards for the plan picker, from the SPEC §9 table in contracts. */
export function planCards(period: Period): PlanCard[] {
  const paid = (Object.keys(PLAN_PRICES) as PlanFamily[]).map((family): PlanCard => {
    const p = PLAN_PRICES[family];
    const isBusiness = family === 'business';
    return {
      id: family,
      title: p.title,
      headline: period === 'month' ? usd(p.monthUsd) : usd(p.yearMonthlyEquivalentUsd),
      note: period === 'month' ? 'per month, billed monthly' : `per month, ${usd(p.yearUsd)} billed yearly (save ${p.discountPercent}%)`,
      credits: p.credits,
      features: isBusiness ? PLAN_FEATURES.business : [`${p.credits.toLocaleString('en-US')} credits monthly`, ...PLAN_FEATURES.pro.slice(1)],
      highlight: family === 'pro_plus',
    };
  });
  return [
    { id: 'free', title: 'Free', headline: '$0', note: 'no card needed', credits: FREE_CREDITS, features: PLAN_FEATURES.normal, highlight: false },
    ...paid,
  ];
}
