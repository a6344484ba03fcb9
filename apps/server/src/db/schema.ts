import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    type: text('type', { enum: ['guest', 'user'] }).notNull(),
    email: text('email'),
    name: text('name'),
    avatar: text('avatar'),
    passwordHash: text('password_hash'),
    vipType: text('vip_type').notNull().default('normal'),
    vipExpireTime: timestamp('vip_expire_time', { withTimezone: true }),
    isAdmin: boolean('is_admin').notNull().default(false),
    editorUsed: boolean('editor_used').notNull().default(false),
    mockupServiceUserId: text('mockup_service_user_id'),
    /** Kept equal to the sum of credit_ledger deltas, updated in the same transaction. */
    credit: integer('credit').notNull().default(0),
    designGenerateNum: integer('design_generate_num').notNull().default(2),
    editGenerateNum: integer('edit_generate_num').notNull().default(2),
    /** Set when a guest's projects were moved to an account, so it happens once. */
    mergedIntoUserId: text('merged_into_user_id'),
    /** ref / utm_source of the visit that created the account (SPEC §7: origin), for attribution. */
    signupOrigin: text('signup_origin'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), check('users_credit_non_negative', sql`${t.credit} >= 0`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    kind: text('kind', { enum: ['guest', 'user'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const emailCodes = pgTable(
  'email_codes',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    purpose: text('purpose', { enum: ['register', 'login'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_codes_email_idx').on(t.email)],
);

/** Mail that would be sent when SMTP is not configured; readable by tests and the admin CLI. */
export const emailOutbox = pgTable('email_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  sentVia: text('sent_via', { enum: ['outbox', 'smtp'] }).notNull(),
  createdAt: createdAt(),
});

export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerUserId: text('provider_user_id').notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('oauth_provider_user_unique').on(t.provider, t.providerUserId)],
);

/**
 * One pending social sign-in: the PKCE verifier and where to go afterwards, keyed by sha256 of the
 * state sent to the provider. Consumed (deleted) by the callback; lives 10 minutes.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    /** A path on our own origin (checked when stored). */
    redirectTo: text('redirect_to').notNull(),
    /** The guest whose projects move to the account on success (resolved from its token when the URL was asked for). */
    touristUserId: text('tourist_user_id'),
    /** A signed-in user who asked to link this provider to their account. */
    linkUserId: text('link_user_id'),
    /** ref / utm_source of the visit, kept as the signup origin when the sign-in creates an account. */
    origin: text('origin').notNull().default(''),
    /** The project the visitor was on; logged with the sign-in. */
    projectId: text('project_id').notNull().default(''),
    /**
     * sha256 of the nonce in the HttpOnly cookie of the browser that asked for the URL: the callback
     * is honoured only in that browser (RFC 9700 §4.7). Null (rows from before) is never honoured.
     */
    browserHash: text('browser_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_states_expires_idx').on(t.expiresAt)],
);

export const projects = pgTable(
  'projects',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull().default(''),
    product: text('product').notNull().default(''),
    brand: text('brand').notNull().default(''),
    logo: text('logo').notNull().default(''),
    box: jsonb('box').$type<string[]>().notNull().default([]),
    element: jsonb('element').$type<string[]>().notNull().default([]),
    style: jsonb('style').$type<string[]>().notNull().default([]),
    color: jsonb('color').$type<string[]>().notNull().default([]),
    defaultDesignArea: jsonb('default_design_area').$type<unknown>(),
    likeList: jsonb('like_list').$type<string[]>().notNull().default([]),
    dislikeList: jsonb('dislike_list').$type<string[]>().notNull().default([]),
    likeBest: text('like_best'),
    analyzeList: jsonb('analyze_list').$type<unknown[]>().notNull().default([]),
    resultList: jsonb('result_list').$type<string[][]>().notNull().default([]),
    extractedCoordinates: jsonb('extracted_coordinates').$type<Record<string, number>>(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    parentId: text('parent_id'),
    forkFrom: text('fork_from'),
    isPublic: boolean('is_public').notNull().default(false),
    viewCount: integer('view_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    /** Design-idea category (SPEC §3) a public project is filed under; null until it is published or seeded. */
    ideaCategory: text('idea_category'),
    /** Gallery tags: style, colour, element and keyword slugs, and words of the product. */
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** Hex colours of the first design, most used first (similar ideas compare them in Lab). */
    palette: jsonb('palette').$type<string[]>().notNull().default([]),
    /** The brief in words, as a brand owner wrote it: the idea's story. */
    story: text('story').notNull().default(''),
    /** Admin curation: featured ideas lead their lists; hidden ones appear in no list or search. */
    featured: boolean('featured').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    /** The gallery seed's own key (unique): two processes seeding at once store each idea once. */
    seedKey: text('seed_key'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The idea's box type slug (gallery box filter); null when the brief names no catalogue box. */
    ideaBox: text('idea_box'),
    /**
     * Gallery search text, folded (lower case, accents stripped, words space-separated and space-padded)
     * when the idea is filed: brand, product and name; tags (each between "|"); the story. Search ranks
     * hits by the column they fall in (modules/ideas/idea-text.ts).
     */
    searchNames: text('search_names').notNull().default(''),
    searchTags: text('search_tags').notNull().default(''),
    searchStory: text('search_story').notNull().default(''),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('projects_user_idx').on(t.userId, t.createdAt),
    index('projects_parent_idx').on(t.parentId),
    index('projects_gallery_idx').on(t.isPublic, t.ideaCategory, t.likeCount),
    uniqueIndex('projects_seed_key_unique').on(t.seedKey),
  ],
);

/** One view per user and project: POST /api/project/view counts a user's first view only. */
export const projectViews = pgTable(
  'project_views',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] })],
);

export const projectLikes = pgTable(
  'project_likes',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] })],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    kind: text('kind').notNull(),
    message: text('message').notNull().default(''),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    referenceImg: text('reference_img'),
    isLoading: boolean('is_loading').notNull().default(false),
    /** Epoch ms; the spec sorts history by create_at. */
    createAt: bigint('create_at', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_project_idx').on(t.projectId, t.createAt)],
);

export const generateRecords = pgTable(
  'generate_records',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: text('project_id'),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    progress: integer('progress').notNull().default(0),
    input: jsonb('input').$type<Record<string, unknown>>().notNull().default({}),
    data: jsonb('data').$type<Record<string, unknown>>(),
    error: text('error'),
    /** Credits reserved for this record; refunded when it fails. */
    cost: integer('cost').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    priority: integer('priority').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('generate_records_status_idx').on(t.status, t.createdAt), index('generate_records_project_idx').on(t.projectId)],
);

/** Append-only. (user_id, reason, ref_id) is unique so one record is never charged or refunded twice. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    refId: text('ref_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('credit_ledger_once').on(t.userId, t.reason, t.refId), check('credit_ledger_balance_non_negative', sql`${t.balanceAfter} >= 0`)],
);

/** Files in our storage: what the server accepts as an image URL, and who owns it. */
export const files = pgTable(
  'files',
  {
    key: text('key').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size: integer('size').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('files_user_idx').on(t.userId)],
);

export const uploadHistory = pgTable('upload_history', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  history: jsonb('history').$type<unknown[]>().notNull().default([]),
  updatedAt: updatedAt(),
});

export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id'),
    routeName: text('route_name').notNull(),
    path: text('path').notNull(),
    referrer: text('referrer'),
    ref: text('ref'),
    utmSource: text('utm_source'),
    createdAt: createdAt(),
  },
  (t) => [index('page_views_route_idx').on(t.routeName, t.createdAt)],
);

export const visitorIps = pgTable('visitor_ips', {
  ip: text('ip').primaryKey(),
  userId: text('user_id'),
  hits: integer('hits').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const apiIntentions = pgTable('api_intentions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
});

/**
 * Curated photo shoot scenes (modules/photoshoot): generated at first start, stored once, served to
 * everyone. (family, seed) is unique so processes starting together cannot add the same scene twice.
 */
export const sceneTemplates = pgTable(
  'scene_templates',
  {
    id: text('id').primaryKey(),
    family: text('family').notNull(),
    seed: integer('seed').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    /** Dominant colours, hex, most used first. */
    colors: jsonb('colors').$type<string[]>().notNull().default([]),
    colorTags: jsonb('color_tags').$type<string[]>().notNull().default([]),
    /** Storage keys (URLs are derived, so a CDN change needs no migration). */
    imageKey: text('image_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    light: jsonb('light').$type<{ azimuth: number; elevation: number; hardness: number }>().notNull(),
    floorY: doublePrecision('floor_y').notNull(),
    /** Gallery order: seeding round × families + family index, so every family shows up early. */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('scene_templates_family_seed_unique').on(t.family, t.seed),
    uniqueIndex('scene_templates_image_key_unique').on(t.imageKey),
    uniqueIndex('scene_templates_thumbnail_key_unique').on(t.thumbnailKey),
    index('scene_templates_position_idx').on(t.position),
  ],
);

/**
 * The mockup template library (`MOCKUP_TEMPLATES` of @packsmith/mockup), rendered in the background
 * after the first start and stored as public files; one row per library template, keyed by its id.
 */
export const mockupTemplates = pgTable(
  'mockup_templates',
  {
    /** The library id (a stable slug). */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** A mockup category name (SPEC §3). */
    category: text('category').notNull(),
    material: text('material').notNull(),
    keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
    /** Storage keys (URLs are derived, so a CDN change needs no migration). */
    sceneKey: text('scene_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    surfaceKey: text('surface_key').notNull(),
    uvKey: text('uv_key').notNull(),
    lightKey: text('light_key').notNull(),
    /** The maps' surfaces: role, item (groups) and design area in design pixels. */
    surfaces: jsonb('surfaces').$type<{ role: string; item?: number; designArea: { width: number; height: number } }[]>().notNull().default([]),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Library order. */
    position: integer('position').notNull().default(0),
    /** The user who made this template from a photo (POST /api/mockup/custom); null for the public library. */
    ownerUserId: text('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mockup_templates_category_idx').on(t.category),
    index('mockup_templates_position_idx').on(t.position),
    index('mockup_templates_owner_idx').on(t.ownerUserId, t.createdAt),
  ],
);

/** A user's mockup materials (SPEC §3 mockupUserMaterial): images kept to put on templates. */
export const materials = pgTable(
  'materials',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Storage key of the image (the URL is derived). */
    fileKey: text('file_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('materials_user_file_idx').on(t.userId, t.fileKey), index('materials_user_idx').on(t.userId, t.createdAt)],
);

/** Saved mockup compositions: a preview image and the settings that re-create it. */
export const compositeMaterials = pgTable(
  'composite_materials',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    previewKey: text('preview_key').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('composite_materials_user_idx').on(t.userId, t.createdAt)],
);

/** 3D preview snapshots stored per user and UTC day: the Free plan's daily limit counts here, under the row's lock. */
export const mockupSnapshotCounts = pgTable(
  'mockup_snapshot_counts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** UTC day, YYYY-MM-DD. */
    day: text('day').notNull(),
    count: integer('count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** The payment provider's customer of a user (one per provider), created on the first purchase. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] }), uniqueIndex('payment_customers_customer_unique').on(t.provider, t.customerId)],
);

/**
 * A membership with a source: a provider subscription (stripe, sandbox), the lifetime deal, or one
 * granted by an admin or a redeem code. The user row's vip_type / vip_expire_time follow the
 * running one; `lastEventAt` is the provider time of the newest event applied, so an older event
 * arriving late changes nothing.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['stripe', 'sandbox', 'lifetime', 'admin', 'redeem'] }).notNull(),
    /** The provider's subscription id (stripe, sandbox); null for the other sources. */
    providerSubscriptionId: text('provider_subscription_id'),
    vipType: text('vip_type').notNull(),
    status: text('status', { enum: ['incomplete', 'active', 'past_due', 'canceled'] }).notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    /** Null for the lifetime deal (it has no end; the monthly sweep extends the user's expiry). */
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** Monthly credits are counted from here (yearly and lifetime plans get theirs every month). */
    creditAnchor: timestamp('credit_anchor', { withTimezone: true }),
    promotionCodeId: text('promotion_code_id'),
    /** A payment waiting for 3-D Secure: the PaymentIntent id and its client secret. */
    pendingPaymentIntentId: text('pending_payment_intent_id'),
    pendingClientSecret: text('pending_client_secret'),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_unique').on(t.source, t.providerSubscriptionId),
    index('subscriptions_user_idx').on(t.userId, t.createdAt),
    index('subscriptions_status_idx').on(t.status),
  ],
);

/** Invoices of provider subscriptions (and what the sandbox bills), one per paid or attempted period. */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    providerInvoiceId: text('provider_invoice_id').notNull(),
    number: text('number').notNull(),
    vipType: text('vip_type').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: ['paid', 'open', 'failed', 'void'] }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /** The provider's hosted PDF; null = we render one (sandbox). */
    pdfUrl: text('pdf_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('payments_provider_invoice_unique').on(t.provider, t.providerInvoiceId), index('payments_user_idx').on(t.userId, t.createdAt)],
);

/** Every webhook event received, keyed by the provider's event id: a replay finds its row and does nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: text('id').primaryKey(),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    type: text('type').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** applied, ignored (older than what we hold, or of no interest), failed: … */
    outcome: text('outcome').notNull(),
    /** The provider's time of the event. */
    eventCreatedAt: timestamp('event_created_at', { withTimezone: true }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_events_received_idx').on(t.receivedAt)],
);

/** Percent-off codes (SPEC §5); mirrored to a Stripe coupon + promotion code when Stripe is on. */
export const promotionCodes = pgTable(
  'promotion_codes',
  {
    id: text('id').primaryKey(),
    /** Upper-cased; matched case-insensitively. */
    code: text('code').notNull(),
    percentOff: integer('percent_off').notNull(),
    /** Plans it applies to; empty = every plan. */
    vipTypes: jsonb('vip_types').$type<string[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxRedemptions: integer('max_redemptions'),
    timesRedeemed: integer('times_redeemed').notNull().default(0),
    stripeCouponId: text('stripe_coupon_id'),
    stripePromotionCodeId: text('stripe_promotion_code_id'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('promotion_codes_code_unique').on(t.code), check('promotion_codes_percent', sql`${t.percentOff} between 1 and 100`)],
);

/** One-time codes (credits, a plan for some days, or the lifetime deal); stored hashed, used once. */
export const redeemCodes = pgTable(
  'redeem_codes',
  {
    id: text('id').primaryKey(),
    codeHash: text('code_hash').notNull(),
    hint: text('hint').notNull(),
    kind: text('kind', { enum: ['credits', 'plan', 'lifetime'] }).notNull(),
    credits: integer('credits').notNull().default(0),
    vipType: text('vip_type'),
    days: integer('days'),
    source: text('source').notNull().default('admin'),
    createdBy: text('created_by'),
    redeemedBy: text('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('redeem_codes_hash_unique').on(t.codeHash), index('redeem_codes_created_idx').on(t.createdAt)],
);

/** What users said when they cancelled (POST /api/pay/cancelSubscribe), for us to read. */
export const cancellations = pgTable(
  'cancellations',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id'),
    vipType: text('vip_type').notNull(),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('cancellations_created_idx').on(t.createdAt)],
);

/** Business members' API keys: sha256 of the key only; the key is shown once. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    requestCount: bigint('request_count', { mode: 'number' }).notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_keys_hash_unique').on(t.keyHash), index('api_keys_user_idx').on(t.userId, t.createdAt)],
);

/** Every admin action, with who did it (append-only). */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminUserId: text('admin_user_id').notNull(),
    action: text('action').notNull(),
    targetUserId: text('target_user_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('admin_actions_created_idx').on(t.createdAt)],
);

/**
 * The offline payment sandbox's own records (customers, payment methods, subscriptions, invoices,
 * payment intents): what Stripe would hold on its side, kept apart from our subscriptions and payments.
 */
export const sandboxObjects = pgTable(
  'sandbox_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sandbox_objects_kind_idx').on(t.kind, t.createdAt)],
);

/**
 * Packaging factories (SPEC §1 factories by city). `city_key` is the city folded to lower case
 * without accents, so search by city is case- and accent-insensitive with a plain index.
 * `sample` marks the seeded directory until an admin replaces an entry.
 */
export const factories = pgTable(
  'factories',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    city: text('city').notNull(),
    cityKey: text('city_key').notNull(),
    country: text('country').notNull(),
    countryCode: text('country_code').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    processes: jsonb('processes').$type<string[]>().notNull().default([]),
    materials: jsonb('materials').$type<string[]>().notNull().default([]),
    moqMin: integer('moq_min').notNull(),
    moqMax: integer('moq_max').notNull(),
    leadTimeDaysMin: integer('lead_time_days_min').notNull(),
    leadTimeDaysMax: integer('lead_time_days_max').notNull(),
    certifications: jsonb('certifications').$type<string[]>().notNull().default([]),
    contactEmail: text('contact_email').notNull(),
    phone: text('phone').notNull().default(''),
    website: text('website').notNull().default(''),
    description: text('description').notNull().default(''),
    sample: boolean('sample').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('factories_city_key_idx').on(t.cityKey), index('factories_country_idx').on(t.countryCode)],
);

/** A quote computed for a pricing-tool project (or by /api/quotation/estimate with a project): kept with its input. */
export const quotes = pgTable(
  'quotes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    projectId: text('project_id'),
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    quote: jsonb('quote').$type<Record<string, unknown>>().notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('quotes_project_idx').on(t.projectId, t.createdAt), index('quotes_user_idx').on(t.userId, t.createdAt)],
);

/** A print request sent to a factory from /print: stored, confirmed by email, seen by admins. */
export const printRequests = pgTable(
  'print_requests',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    projectId: text('project_id'),
    factoryId: text('factory_id').notNull(),
    designUrl: text('design_url').notNull().default(''),
    spec: jsonb('spec').$type<Record<string, unknown>>().notNull(),
    quote: jsonb('quote').$type<Record<string, unknown>>().notNull(),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    notes: text('notes').notNull().default(''),
    status: text('status').notNull().default('sent'),
    createdAt: createdAt(),
  },
  (t) => [index('print_requests_user_idx').on(t.userId, t.createdAt), index('print_requests_created_idx').on(t.createdAt)],
);

/**
 * A design request from /design-requirements: stored before any mail goes out. `mail_status` stays
 * pending (with the next attempt's time) until both mails — the requester's confirmation and the
 * studio's copy — are sent, so a request is never lost when mail fails.
 */
export const designRequests = pgTable(
  'design_requests',
  {
    id: text('id').primaryKey(),
    reference: text('reference').notNull(),
    userId: text('user_id'),
    email: text('email').notNull(),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('new'),
    mailStatus: text('mail_status').notNull().default('pending'),
    /** Which of the two mails went out: 'requester', 'studio'. */
    mailSent: jsonb('mail_sent').$type<string[]>().notNull().default([]),
    mailAttempts: integer('mail_attempts').notNull().default(0),
    nextMailAt: timestamp('next_mail_at', { withTimezone: true }),
    lastMailError: text('last_mail_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('design_requests_reference_unique').on(t.reference),
    index('design_requests_created_idx').on(t.createdAt),
    index('design_requests_mail_idx').on(t.mailStatus, t.nextMailAt),
  ],
);

/**
 * A user's own ingredients for the nutrition label's recipe mode (docs/NUTRITION.md): composition per
 * 100 g in the engine's nutrient keys (decimal strings), searched with the shipped composition table.
 */
export const nutritionFoods = pgTable(
  'nutrition_foods',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    per100g: jsonb('per_100g').$type<Record<string, string>>().notNull(),
    allergens: jsonb('allergens').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('nutrition_foods_user_idx').on(t.userId, t.updatedAt)],
);

/**
 * The AI packaging editor (issue 17): one document per ai_editor project. `version` increases by
 * one on every save; a save names the version it was made from and only an UPDATE ... WHERE
 * version = $given can win, so two tabs never overwrite each other silently.
 */
export const editorDocuments = pgTable('editor_documents', {
  projectId: text('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(1),
  document: jsonb('document').$type<unknown>().notNull(),
  /** Parts of the design that could not become layers, in words (from-design's notLaidOut). */
  notes: jsonb('notes').$type<string[]>().notNull().default([]),
  /**
   * The document the account's one free opening made (SPEC §6: free once): its unpaid owner may keep
   * working on it. Here, not in projects.data, which the owner can write through PUT /api/project.
   */
  freeUse: boolean('free_use').notNull().default(false),
  updatedAt: updatedAt(),
});

/** Named versions of an editor document: a copy of the document as it was (at most EDITOR_MAX_NAMED_VERSIONS kept). */
export const editorVersions = pgTable(
  'editor_versions',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    version: integer('version').notNull(),
    document: jsonb('document').$type<unknown>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('editor_versions_project_idx').on(t.projectId, t.createdAt)],
);
