import { z } from 'zod';
import { defineCall } from '../call.js';
import { VipTypeSchema, type PaidVipType } from '../plans.js';

/**
 * Plans, payments, credits, codes, API keys and the admin area (SPEC §4 Membership, §5, §6, §7
 * Payments). Shapes the spec does not show are ours (docs/BILLING.md).
 */

const Empty = z.object({});
const Paging = {
  page_index: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
};

/** A plan that can be bought: SPEC §9 names (pro_month … business_year). */
export const PaidVipTypeSchema = VipTypeSchema.exclude(['normal']);
export const PAID_VIP_TYPES = PaidVipTypeSchema.options as readonly PaidVipType[];

/** Stripe's own test payment-method ids, accepted by the sandbox too, so one client path serves both. */
export const TEST_PAYMENT_METHODS = {
  succeeds: 'pm_card_visa',
  declined: 'pm_card_chargeDeclined',
  authenticationRequired: 'pm_card_authenticationRequired',
} as const;

/** The sandbox's test cards (Stripe's numbers) and the payment method each stands for. */
export const SANDBOX_TEST_CARDS = [
  { number: '4242 4242 4242 4242', label: 'Succeeds', payment_method: TEST_PAYMENT_METHODS.succeeds },
  { number: '4000 0000 0000 0002', label: 'Declined', payment_method: TEST_PAYMENT_METHODS.declined },
  { number: '4000 0025 0000 3155', label: 'Asks for confirmation (3-D Secure)', payment_method: TEST_PAYMENT_METHODS.authenticationRequired },
] as const;

/** Longest comment kept from the cancel form. */
export const CANCEL_COMMENT_MAX = 2000;
/** Promotion and redeem codes: letters, digits, dash and underscore. */
export const CodeTextSchema = z
  .string()
  .trim()
  .min(3, 'Enter a code of at least 3 characters.')
  .max(64, 'Codes are at most 64 characters.')
  .regex(/^[A-Za-z0-9_-]+$/, 'Codes use letters, digits, dashes and underscores only.');

export const PAYMENT_PROVIDERS = ['stripe', 'sandbox', 'off'] as const;
export const PaymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
export type PaymentProviderName = z.infer<typeof PaymentProviderSchema>;

export const setup = defineCall({
  method: 'GET',
  path: '/api/pay/setup',
  auth: 'user',
  summary: 'How to take a card: the Stripe publishable key and a setup intent, or the offline sandbox',
  input: Empty,
  data: z.object({
    provider: PaymentProviderSchema,
    /** True for the sandbox and for Stripe test keys: the pay modal labels itself test mode. */
    test_mode: z.boolean(),
    publishable_key: z.string().nullable(),
    /** A SetupIntent's client secret for the card element (Stripe); null in the sandbox. */
    setup_intent_client_secret: z.string().nullable(),
    /** The sandbox's test cards; empty with Stripe. */
    test_cards: z.array(z.object({ number: z.string(), label: z.string(), payment_method: z.string() })),
  }),
});

/** Where a subscribe or upgrade stands once the call answers. */
export const PaymentStatusSchema = z.enum(['active', 'requires_action', 'failed']);
export const SubscribeResultSchema = z.object({
  status: PaymentStatusSchema,
  subscription_id: z.string(),
  /** With requires_action: the PaymentIntent client secret to confirm (3-D Secure); otherwise null. */
  client_secret: z.string().nullable(),
  vip_type: VipTypeSchema,
  vip_expire_time: z.number().int().nullable(),
  credit: z.number().int(),
  /** Charged (or to be charged) now, in US cents, after any promotion. */
  amount_due_cents: z.number().int(),
  /** With failed: why, in words. */
  message: z.string().nullable(),
});
export type SubscribeResult = z.infer<typeof SubscribeResultSchema>;

export const subscribe = defineCall({
  method: 'POST',
  path: '/api/pay/subscribe',
  auth: 'user',
  summary: 'Buy a plan. A declined card answers code 400 with the decline in words and changes nothing',
  input: z.object({
    type: PaidVipTypeSchema,
    paymentMethodId: z.string().trim().min(1).max(255).optional(),
    promotionCode: CodeTextSchema.optional(),
  }),
  data: SubscribeResultSchema,
});

/** After 3-D Secure: brings the subscription up to date from the provider and answers where it stands. */
export const confirm = defineCall({
  method: 'POST',
  path: '/api/pay/confirm',
  auth: 'user',
  summary: 'Settle a subscribe or upgrade that asked for confirmation',
  input: z.object({ subscription_id: z.string().min(1).max(255) }),
  data: SubscribeResultSchema,
});

/** The sandbox's stand-in for the bank's 3-D Secure page (Stripe.js shows the real one). */
export const sandboxAuthenticate = defineCall({
  method: 'POST',
  path: '/api/pay/sandbox/authenticate',
  auth: 'user',
  summary: 'Sandbox only: approve or fail a payment that asked for confirmation',
  input: z.object({ client_secret: z.string().min(1).max(255), approve: z.boolean() }),
  data: z.object({ status: z.enum(['succeeded', 'failed']) }),
});

export const UpgradeOptionSchema = z.object({
  vip_type: PaidVipTypeSchema,
  period: z.enum(['month', 'year']),
  /** The new plan's full price per period, USD. */
  price_usd: z.number(),
  /** Due now after the unused part of the current period is credited, USD (proration). */
  prorated_usd: z.number(),
  /** Credits added at once: the new plan's monthly credits less the current plan's. */
  credits_now: z.number().int(),
});
export type UpgradeOption = z.infer<typeof UpgradeOptionSchema>;

export const upgradeOptions = defineCall({
  method: 'GET',
  path: '/api/pay/upgrade/options/:type',
  auth: 'user',
  summary: 'Plans the caller may move to from :type, with the prorated price',
  input: Empty,
  data: z.object({ current: VipTypeSchema, options: z.array(UpgradeOptionSchema) }),
});

export const upgrade = defineCall({
  method: 'POST',
  path: '/api/pay/upgrade',
  auth: 'user',
  summary: 'Move a pro, pro plus or pro max membership to business (month or year), prorated',
  input: z.object({
    targetVipType: PaidVipTypeSchema,
    paymentMethodId: z.string().trim().min(1).max(255).optional(),
  }),
  data: SubscribeResultSchema,
});

export const cancelSubscribe = defineCall({
  method: 'POST',
  path: '/api/pay/cancelSubscribe',
  auth: 'user',
  summary: 'Cancel at the end of the paid period; the comment is kept for us to read',
  input: z.object({ comment: z.string().trim().max(CANCEL_COMMENT_MAX).optional().default('') }),
  data: z.object({ cancel_at_period_end: z.boolean(), vip_expire_time: z.number().int().nullable() }),
});

export const resumeSubscribe = defineCall({
  method: 'POST',
  path: '/api/pay/resumeSubscribe',
  auth: 'user',
  summary: 'Undo a cancellation before the period ends',
  input: Empty,
  data: z.object({ cancel_at_period_end: z.boolean(), vip_expire_time: z.number().int().nullable() }),
});

export const validPromotionCode = defineCall({
  method: 'POST',
  path: '/api/pay/validPromotionCode',
  auth: 'user',
  summary: 'Whether a promotion code applies to a plan (SPEC §5: valid only when active), and its percent off',
  input: z.object({ promotionCode: CodeTextSchema, vip_type: PaidVipTypeSchema }),
  data: z.object({
    valid: z.boolean(),
    percent_off: z.number().nullable(),
    /** With valid=false: why, in words (unknown, expired, used up, not for this plan). */
    reason: z.string().nullable(),
  }),
});

export const BillingOverviewSchema = z.object({
  provider: PaymentProviderSchema,
  test_mode: z.boolean(),
  vip_type: VipTypeSchema,
  tier: z.enum(['business', 'pro', 'normal']),
  vip_expire_time: z.number().int().nullable(),
  credit: z.number().int(),
  may_purchase: z.boolean(),
  upgrade_targets: z.array(VipTypeSchema),
  /** The running subscription (paid, lifetime or granted), or null on the free plan. */
  subscription: z
    .object({
      id: z.string(),
      source: z.enum(['stripe', 'sandbox', 'lifetime', 'admin', 'redeem']),
      vip_type: PaidVipTypeSchema,
      status: z.enum(['incomplete', 'active', 'past_due', 'canceled']),
      current_period_end: z.number().int().nullable(),
      cancel_at_period_end: z.boolean(),
      /** When the next monthly credits arrive (yearly and lifetime plans get theirs every month). */
      next_credit_at: z.number().int().nullable(),
    })
    .nullable(),
});
export type BillingOverview = z.infer<typeof BillingOverviewSchema>;

export const billing = defineCall({
  method: 'GET',
  path: '/api/pay/billing',
  auth: 'user',
  summary: "The caller's plan, renewal date and subscription, for the billing page",
  input: Empty,
  data: BillingOverviewSchema,
});

export const InvoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  vip_type: PaidVipTypeSchema,
  amount_cents: z.number().int(),
  currency: z.string(),
  status: z.enum(['paid', 'open', 'failed', 'void']),
  period_start: z.number().int(),
  period_end: z.number().int(),
  created_at: z.number().int(),
  /** The PDF: Stripe's hosted file, or ours (GET /api/pay/invoices/:id/pdf with the Bearer token) in the sandbox. */
  pdf_url: z.string(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const invoices = defineCall({
  method: 'GET',
  path: '/api/pay/invoices',
  auth: 'user',
  summary: "The caller's invoices, newest first",
  input: z.object(Paging),
  data: z.object({ total: z.number().int(), items: z.array(InvoiceSchema) }),
});

/** Ledger reasons as the history shows them. */
export const CREDIT_REASON_LABELS: Record<string, string> = {
  signup_bonus: 'Welcome credits',
  plan_grant: 'Plan credits',
  plan_period: 'Monthly plan credits',
  plan_upgrade: 'Upgrade credits',
  redeem: 'Redeemed code',
  admin_adjust: 'Adjusted by support',
  charge: 'Used',
  refund: 'Refunded',
};

export const CreditEntrySchema = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  balance_after: z.number().int(),
  reason: z.string(),
  /** The reason in words (CREDIT_REASON_LABELS), with what it was for where known. */
  label: z.string(),
  ref_id: z.string(),
  created_at: z.number().int(),
});
export type CreditEntry = z.infer<typeof CreditEntrySchema>;

export const creditHistory = defineCall({
  method: 'GET',
  path: '/api/credits/history',
  auth: 'session',
  summary: "The caller's credit grants and charges, newest first",
  input: z.object(Paging),
  data: z.object({ total: z.number().int(), credit: z.number().int(), items: z.array(CreditEntrySchema) }),
});

export const REDEEM_KINDS = ['credits', 'plan', 'lifetime'] as const;
export const RedeemKindSchema = z.enum(REDEEM_KINDS);

export const redeemCode = defineCall({
  method: 'POST',
  path: '/api/redeemCode/use',
  auth: 'user',
  summary: 'Use a one-time code: credits, a plan for a period, or the lifetime deal',
  input: z.object({ code: CodeTextSchema }),
  data: z.object({
    kind: RedeemKindSchema,
    credits_added: z.number().int(),
    vip_type: VipTypeSchema,
    vip_expire_time: z.number().int().nullable(),
    credit: z.number().int(),
  }),
});

// ---- Business API keys (SPEC §6 "API access") ----

/** API keys start with this, so a Bearer value is told apart from a session token without a lookup. */
export const API_KEY_PREFIX = 'psk_';
export const API_KEY_NAME_MAX = 60;
export const API_KEYS_PER_USER_MAX = 20;

export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the key, to tell keys apart (the key itself is never shown again). */
  prefix: z.string(),
  created_at: z.number().int(),
  last_used_at: z.number().int().nullable(),
  request_count: z.number().int(),
  revoked_at: z.number().int().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const apiKeyList = defineCall({
  method: 'GET',
  path: '/api/user/api_keys',
  auth: 'user',
  summary: "The caller's API keys (business members)",
  input: Empty,
  data: z.object({ items: z.array(ApiKeySchema) }),
});

export const apiKeyCreate = defineCall({
  method: 'POST',
  path: '/api/user/api_keys',
  auth: 'user',
  summary: 'Create an API key; the key is in this answer only',
  input: z.object({ name: z.string().trim().min(1, 'Name the key.').max(API_KEY_NAME_MAX) }),
  data: z.object({ key: z.string(), item: ApiKeySchema }),
});

export const apiKeyRevoke = defineCall({
  method: 'DELETE',
  path: '/api/user/api_keys',
  auth: 'user',
  summary: 'Revoke an API key at once',
  input: z.object({ id: z.string().min(1).max(64) }),
  data: z.object({ revoked: z.boolean() }),
});

// ---- Admin area (is_admin) ----

export const AdminUserSchema = z.object({
  user_id: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  type: z.enum(['guest', 'user']),
  vip_type: VipTypeSchema,
  vip_expire_time: z.number().int().nullable(),
  credit: z.number().int(),
  is_admin: z.boolean(),
  created_at: z.number().int(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const adminUsers = defineCall({
  method: 'GET',
  path: '/api/admin/users',
  auth: 'user',
  summary: 'Admin: find users by email, name or id',
  input: z.object({ q: z.string().trim().max(254).optional().default(''), ...Paging }),
  data: z.object({ total: z.number().int(), items: z.array(AdminUserSchema) }),
});

export const SubscriptionRecordSchema = z.object({
  id: z.string(),
  source: z.enum(['stripe', 'sandbox', 'lifetime', 'admin', 'redeem']),
  vip_type: PaidVipTypeSchema,
  status: z.enum(['incomplete', 'active', 'past_due', 'canceled']),
  current_period_start: z.number().int().nullable(),
  current_period_end: z.number().int().nullable(),
  cancel_at_period_end: z.boolean(),
  created_at: z.number().int(),
});

export const adminUser = defineCall({
  method: 'GET',
  path: '/api/admin/user',
  auth: 'user',
  summary: 'Admin: one user with credits history, subscriptions and invoices',
  input: z.object({ user_id: z.string().min(1).max(64) }),
  data: z.object({
    user: AdminUserSchema,
    ledger: z.array(CreditEntrySchema),
    subscriptions: z.array(SubscriptionRecordSchema),
    invoices: z.array(InvoiceSchema),
  }),
});

export const adminAdjustCredits = defineCall({
  method: 'POST',
  path: '/api/admin/credits',
  auth: 'user',
  summary: 'Admin: add or take credits through the ledger, with a reason',
  input: z.object({
    user_id: z.string().min(1).max(64),
    delta: z
      .number()
      .int()
      .min(-1_000_000)
      .max(1_000_000)
      .refine((n) => n !== 0, 'The change must not be zero.'),
    reason: z.string().trim().min(3, 'Say why (at least 3 characters).').max(500),
  }),
  data: z.object({ credit: z.number().int() }),
});

export const adminGrantPlan = defineCall({
  method: 'POST',
  path: '/api/admin/plan',
  auth: 'user',
  summary: "Admin: grant a plan for a number of days (default: the plan's period) with its monthly credits",
  input: z.object({
    user_id: z.string().min(1).max(64),
    vip_type: PaidVipTypeSchema,
    days: z.number().int().min(1).max(3660).optional(),
    reason: z.string().trim().min(3).max(500),
  }),
  data: z.object({ vip_type: VipTypeSchema, vip_expire_time: z.number().int().nullable(), credit: z.number().int() }),
});

export const adminEndPlan = defineCall({
  method: 'POST',
  path: '/api/admin/plan/end',
  auth: 'user',
  summary: "Admin: end a user's plan now (credits stay; a paid subscription is cancelled at the provider)",
  input: z.object({ user_id: z.string().min(1).max(64), reason: z.string().trim().min(3).max(500) }),
  data: z.object({ vip_type: VipTypeSchema, vip_expire_time: z.number().int().nullable() }),
});

export const PromotionCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  percent_off: z.number().int(),
  /** Plans it applies to; empty = every plan. */
  vip_types: z.array(PaidVipTypeSchema),
  active: z.boolean(),
  expires_at: z.number().int().nullable(),
  max_redemptions: z.number().int().nullable(),
  times_redeemed: z.number().int(),
  created_at: z.number().int(),
});
export type PromotionCode = z.infer<typeof PromotionCodeSchema>;

export const adminPromotionCodes = defineCall({
  method: 'GET',
  path: '/api/admin/promotion_codes',
  auth: 'user',
  summary: 'Admin: promotion codes, newest first',
  input: z.object(Paging),
  data: z.object({ total: z.number().int(), items: z.array(PromotionCodeSchema) }),
});

export const adminCreatePromotionCode = defineCall({
  method: 'POST',
  path: '/api/admin/promotion_codes',
  auth: 'user',
  summary: 'Admin: create a promotion code (percent off, for some plans or all)',
  input: z.object({
    code: CodeTextSchema,
    percent_off: z.number().int().min(1).max(100),
    vip_types: z.array(PaidVipTypeSchema).max(8).default([]),
    expires_at: z.number().int().positive().nullable().optional(),
    max_redemptions: z.number().int().min(1).max(1_000_000).nullable().optional(),
  }),
  data: PromotionCodeSchema,
});

export const adminSetPromotionCodeActive = defineCall({
  method: 'POST',
  path: '/api/admin/promotion_codes/active',
  auth: 'user',
  summary: 'Admin: switch a promotion code on or off',
  input: z.object({ id: z.string().min(1).max(64), active: z.boolean() }),
  data: PromotionCodeSchema,
});

export const RedeemCodeRecordSchema = z.object({
  id: z.string(),
  /** The last four characters (the code itself is stored hashed). */
  hint: z.string(),
  kind: RedeemKindSchema,
  credits: z.number().int(),
  vip_type: PaidVipTypeSchema.nullable(),
  days: z.number().int().nullable(),
  /** Where the code was sold or given (e.g. oncely). */
  source: z.string(),
  created_at: z.number().int(),
  redeemed_at: z.number().int().nullable(),
  redeemed_by: z.string().nullable(),
});

export const adminRedeemCodes = defineCall({
  method: 'GET',
  path: '/api/admin/redeem_codes',
  auth: 'user',
  summary: 'Admin: redeem codes, newest first',
  input: z.object(Paging),
  data: z.object({ total: z.number().int(), items: z.array(RedeemCodeRecordSchema) }),
});

export const adminCreateRedeemCodes = defineCall({
  method: 'POST',
  path: '/api/admin/redeem_codes',
  auth: 'user',
  summary: 'Admin: create one-time codes; they are in this answer only',
  input: z.object({
    kind: RedeemKindSchema,
    credits: z.number().int().min(0).max(1_000_000).default(0),
    vip_type: PaidVipTypeSchema.nullable().default(null),
    days: z.number().int().min(1).max(3660).nullable().default(null),
    count: z.number().int().min(1).max(500).default(1),
    source: z.string().trim().max(60).default('admin'),
  }),
  data: z.object({ codes: z.array(z.string()), items: z.array(RedeemCodeRecordSchema) }),
});

export const adminCancellations = defineCall({
  method: 'GET',
  path: '/api/admin/cancellations',
  auth: 'user',
  summary: 'Admin: cancellation comments, newest first',
  input: z.object(Paging),
  data: z.object({
    total: z.number().int(),
    items: z.array(
      z.object({
        id: z.string(),
        user_id: z.string(),
        email: z.string().nullable(),
        vip_type: VipTypeSchema,
        comment: z.string(),
        created_at: z.number().int(),
      }),
    ),
  }),
});

export const adminPaymentEvents = defineCall({
  method: 'GET',
  path: '/api/admin/payment_events',
  auth: 'user',
  summary: 'Admin: payment provider events as received, newest first',
  input: z.object(Paging),
  data: z.object({
    total: z.number().int(),
    items: z.array(
      z.object({
        id: z.string(),
        provider: z.string(),
        type: z.string(),
        user_id: z.string().nullable(),
        outcome: z.string(),
        created_at: z.number().int(),
        received_at: z.number().int(),
      }),
    ),
  }),
});

export const adminActions = defineCall({
  method: 'GET',
  path: '/api/admin/actions',
  auth: 'user',
  summary: 'Admin: what admins did, who did it and when, newest first',
  input: z.object(Paging),
  data: z.object({
    total: z.number().int(),
    items: z.array(
      z.object({
        id: z.number().int(),
        admin_user_id: z.string(),
        admin_email: z.string().nullable(),
        action: z.string(),
        target_user_id: z.string().nullable(),
        details: z.record(z.string(), z.unknown()),
        created_at: z.number().int(),
      }),
    ),
  }),
});
