import { z } from 'zod';

/** Paid plan identifiers (SPEC §9). `normal` is the free plan. */
export const VIP_TYPES = [
  'normal',
  'pro_month',
  'pro_year',
  'pro_plus_month',
  'pro_plus_year',
  'pro_max_month',
  'pro_max_year',
  'business_month',
  'business_year',
] as const;
export const VipTypeSchema = z.enum(VIP_TYPES);
export type VipType = z.infer<typeof VipTypeSchema>;
export type PaidVipType = Exclude<VipType, 'normal'>;

export type PlanFamily = 'pro' | 'pro_plus' | 'pro_max' | 'business';

export interface PlanPrice {
  family: PlanFamily;
  title: string;
  monthUsd: number;
  yearUsd: number;
  /** Yearly price expressed per month, as shown on the pricing page. */
  yearMonthlyEquivalentUsd: number;
  discountPercent: number;
  credits: number;
  designsPerPrompt: number;
}

/** SPEC §9 price table. */
export const PLAN_PRICES: Record<PlanFamily, PlanPrice> = {
  pro: { family: 'pro', title: 'Pro', monthUsd: 16.9, yearUsd: 169, yearMonthlyEquivalentUsd: 14.1, discountPercent: 29, credits: 1000, designsPerPrompt: 4 },
  pro_plus: {
    family: 'pro_plus',
    title: 'Pro plus',
    monthUsd: 29.9,
    yearUsd: 299,
    yearMonthlyEquivalentUsd: 24.9,
    discountPercent: 41,
    credits: 2500,
    designsPerPrompt: 4,
  },
  pro_max: {
    family: 'pro_max',
    title: 'Pro max',
    monthUsd: 49.9,
    yearUsd: 499,
    yearMonthlyEquivalentUsd: 41.6,
    discountPercent: 45,
    credits: 4500,
    designsPerPrompt: 4,
  },
  business: {
    family: 'business',
    title: 'Business',
    monthUsd: 49.9,
    yearUsd: 399,
    yearMonthlyEquivalentUsd: 33.2,
    discountPercent: 45,
    credits: 3500,
    designsPerPrompt: 8,
  },
};

export const FREE_CREDITS = 100;
export const FREE_DESIGNS_PER_PROMPT = 2;
/** Users at or under this balance may buy or upgrade (SPEC §4). */
export const PURCHASE_CREDIT_THRESHOLD = 100;

export function planFamilyOf(vip: PaidVipType): PlanFamily {
  if (vip.startsWith('business')) return 'business';
  if (vip.startsWith('pro_plus')) return 'pro_plus';
  if (vip.startsWith('pro_max')) return 'pro_max';
  return 'pro';
}

export function billingPeriodOf(vip: PaidVipType): 'month' | 'year' {
  return vip.endsWith('_year') ? 'year' : 'month';
}

/** Plan contents shown on the pricing page (SPEC §6). */
export const PLAN_FEATURES: Record<'normal' | 'pro' | 'business', readonly string[]> = {
  normal: ['100 free credits', 'Basic designs or edits', 'Standard queue', 'No design downloads'],
  pro: [
    'From 1,000 credits monthly',
    'High-quality exports',
    'Personal commercial license',
    'Up to 4 designs per prompt',
    'Faster parallel rendering',
    'Full ownership and privacy',
    'Unlimited 3D previews in the AI mockup editor',
  ],
  business: [
    '3,500 credits monthly',
    'Company commercial license',
    'First-priority queue',
    'Premium support',
    'Up to 8 designs per prompt',
    'Print-ready dielines download',
    'API access',
  ],
};
