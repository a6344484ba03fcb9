import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env (CONVENTIONS). Every setting has a working embedded default;
 * a wrong value fails fast with a message naming the variable and how to fix it.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Public origin used in emails, OAuth redirects and upload URLs. */
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** api = HTTP + socket only; worker = jobs only; all = both (default). */
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  /** Key prefix for BullMQ queues and socket.io Redis channels, so several deployments (or test runs) share one Redis. */
  QUEUE_PREFIX: z.string().default('packsmith'),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Concurrency of the heavy lane (cut-outs, upscales): CPU-bound jobs that must not take every slot. */
  JOB_HEAVY_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** How long shutdown waits for running jobs before aborting them (their records resume on the next start). */
  JOB_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Secret for signing upload tokens; required in production, generated per data dir otherwise. */
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** How long a process reuses a looked-up session (0 = off); a revocation made by another process takes up to this long. */
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /**
   * Which peers may set X-Forwarded-For (the client address used by the rate limits): true, false, or
   * addresses/CIDRs/proxy-addr names. The default trusts only private-network peers (a reverse proxy),
   * so a client on the internet cannot pick its own address.
   */
  TRUST_PROXY: z.string().min(1).default('loopback,linklocal,uniquelocal'),
  /** Guest sessions per client address per hour; 0 = off (test harnesses that make many guests from one address). */
  GUEST_RATE_LIMIT: z.coerce.number().int().min(0).default(30),
  /** Failed sign-ins per account per LOGIN_RATE_WINDOW_SECONDS before it is locked for that long; 0 = off. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(0).default(5),
  /** Failed sign-ins (any account) per client address per LOGIN_RATE_WINDOW_SECONDS; 0 = off. */
  LOGIN_IP_RATE_LIMIT: z.coerce.number().int().min(0).default(50),
  LOGIN_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /** Verification-code emails per client address per hour; 0 = off. */
  CODE_EMAIL_RATE_LIMIT: z.coerce.number().int().min(0).default(20),
  /** Verification-code emails per recipient per hour (on top of one a minute); 0 = off. */
  CODE_EMAIL_RECIPIENT_RATE_LIMIT: z.coerce.number().int().min(0).default(5),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Packsmith <no-reply@packsmith.local>'),
  OAUTH_GOOGLE_CLIENT_ID: z.string().optional(),
  OAUTH_GOOGLE_CLIENT_SECRET: z.string().optional(),
  OAUTH_GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  OAUTH_GOOGLE_ISSUERS: z.string().default('https://accounts.google.com,accounts.google.com'),
  OAUTH_GOOGLE_AUTH_URL: z.string().url().optional(),
  OAUTH_GOOGLE_TOKEN_URL: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  S3_STS_ROLE_ARN: z.string().optional(),
  S3_STS_ENDPOINT: z.string().url().optional(),
  CDN_BASE_URL: z.string().url().optional(),
  /** Serve the built web app from this folder (default apps/web/dist). */
  WEB_DIST_DIR: z.string().optional(),
  /** Design-chat assistant on an OpenAI-compatible server (OpenAI, Ollama, vLLM, llama.cpp); unset = local rules. */
  LLM_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://localhost:11434/v1' }).optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** Imagery (backgrounds, illustrations) for designs from a remote image engine; local = the procedural engine alone. */
  IMAGE_PROVIDER: z.enum(['local', 'openai', 'comfyui'], { error: 'must be local, openai or comfyui' }).default('local'),
  IMAGE_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.openai.com/v1' }).default('https://api.openai.com/v1'),
  IMAGE_API_KEY: z.string().optional(),
  IMAGE_MODEL: z.string().min(1).default('gpt-image-1'),
  COMFYUI_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://127.0.0.1:8188' }).optional(),
  /** A txt2img workflow in ComfyUI API format with {{prompt}} etc. placeholders (default: the shipped SDXL one). */
  COMFYUI_WORKFLOW: z.string().min(1).optional(),
  /** The inpainting workflow used for design edits (default: the shipped SDXL one). */
  COMFYUI_INPAINT_WORKFLOW: z.string().min(1).optional(),
  /** Time limit of one imagery request, retries included; on failure the design is made without it. */
  IMAGE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(120_000),
  /** Photo shoot cut-outs: ISNet (segmentation model, AGPL-3.0) or OpenCV GrabCut (Apache-2.0, no model). */
  CUTOUT_ENGINE: z.enum(['isnet', 'grabcut']).default('isnet'),
  /** Curated photo shoot scenes generated (in the background, after listening) per scene family; 0 = none. */
  PHOTOSHOOT_TEMPLATES_PER_FAMILY: z.coerce.number().int().min(0).max(50).default(3),
  /** Longer side of generated scene templates, px (tests use a smaller one). */
  PHOTOSHOOT_TEMPLATE_SIZE: z.coerce.number().int().min(256).max(4096).default(2048),
  /** Mockup library templates rendered (in the background, after listening) and stored: a number, or `all`. */
  MOCKUP_TEMPLATES_SEED: z
    .string()
    .trim()
    .regex(/^(all|\d{1,4})$/, 'must be a number of templates (0 = none) or "all"')
    .default('all'),
  /** Side of the rendered mockup templates, px (tests use a smaller one). */
  MOCKUP_TEMPLATE_SIZE: z.coerce.number().int().min(64).max(4096).default(2048),
  /** Design ideas the gallery is seeded with (rendered in the background, after listening): a number, or `all`; 0 = none. */
  DESIGN_IDEAS_SEED: z
    .string()
    .trim()
    .regex(/^(all|\d{1,4})$/, 'must be a number of ideas (0 = none) or "all"')
    .default('all'),
  /** Packshot side (and flat front's longest side) of the seeded design ideas, px (tests use a smaller one). */
  DESIGN_IDEAS_SIZE: z.coerce.number().int().min(64).max(2048).default(768),
  /** Designs rendered per seeded idea. */
  DESIGN_IDEAS_DESIGNS: z.coerce.number().int().min(1).max(4).default(2),
  /**
   * auto = Stripe when STRIPE_SECRET_KEY is set, else the offline sandbox (refused in production);
   * off = plans are shown but cannot be bought.
   */
  PAYMENT_PROVIDER: z.enum(['auto', 'stripe', 'sandbox', 'off']).default('auto'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Another Stripe API origin (a test peer or a proxy); unset = api.stripe.com. */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://127.0.0.1:12111' }).optional(),
  STRIPE_PRICE_PRO_MONTH: z.string().min(1).optional(),
  STRIPE_PRICE_PRO_YEAR: z.string().min(1).optional(),
  STRIPE_PRICE_PRO_PLUS_MONTH: z.string().min(1).optional(),
  STRIPE_PRICE_PRO_PLUS_YEAR: z.string().min(1).optional(),
  STRIPE_PRICE_PRO_MAX_MONTH: z.string().min(1).optional(),
  STRIPE_PRICE_PRO_MAX_YEAR: z.string().min(1).optional(),
  STRIPE_PRICE_BUSINESS_MONTH: z.string().min(1).optional(),
  STRIPE_PRICE_BUSINESS_YEAR: z.string().min(1).optional(),
  /** How often monthly credits of yearly and lifetime plans, and ended memberships, are swept (ms). */
  BILLING_SWEEP_MS: z.coerce.number().int().min(1000).max(86_400_000).default(3_600_000),
  /** Requests per minute per API key (token bucket refill) and the bucket's size (burst). */
  API_KEY_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  API_KEY_BURST: z.coerce.number().int().min(1).max(100_000).default(20),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string | null;
  dataDir: string;
  logLevel: Env['LOG_LEVEL'];
  role: Env['ROLE'];
  databaseUrl: string | null;
  redisUrl: string | null;
  queuePrefix: string;
  jobConcurrency: number;
  jobHeavyConcurrency: number;
  jobDrainMs: number;
  appSecret: string | null;
  sessionTtlMs: number;
  sessionCacheTtlMs: number;
  bodyLimitBytes: number;
  /** Fastify's trustProxy: which peers' X-Forwarded-For names the client address. */
  trustProxy: boolean | string[];
  /** Abuse limits (0 = off); counted in Redis when redisUrl is set, else in this process. */
  rateLimits: RateLimitsConfig;
  smtpUrl: string | null;
  mailFrom: string;
  google: null | {
    clientId: string;
    clientSecret: string;
    jwksUrl: string;
    issuers: string[];
    authUrl: string | null;
    tokenUrl: string | null;
  };
  googleJwksUrl: string;
  googleClientIdForOneTap: string | null;
  s3: null | {
    bucket: string;
    region: string;
    endpoint: string | null;
    accessKeyId: string | null;
    secretAccessKey: string | null;
    forcePathStyle: boolean;
    stsRoleArn: string | null;
    stsEndpoint: string | null;
    cdnBaseUrl: string | null;
  };
  webDistDir: string;
  /** The design-chat assistant's language model; null = the local rule-based assistant. */
  llm: null | { baseUrl: string; apiKey: string | null; model: string; timeoutMs: number };
  /** The remote image engine for design imagery; null = the local procedural engine alone. */
  imagery: ImageryConfig | null;
  /** Photo shoot: cut-out engine and the scene templates seeded at first start. */
  photoshoot: { cutoutEngine: 'isnet' | 'grabcut'; templatesPerFamily: number; templateSize: number };
  /** Mockup templates seeded at first start: how many (null = the whole library) and their size. */
  mockup: { templatesSeed: number | null; templateSize: number };
  /** The design-idea gallery's seed: how many briefs (null = all), their image size and designs per idea. */
  ideas: { seed: number | null; size: number; designs: number };
  /** Who takes payments: Stripe, the offline sandbox, or nobody (plans shown, not sold). */
  payments: PaymentsConfig;
  billingSweepMs: number;
  /** The token bucket of each Business API key. */
  apiKeys: { ratePerMinute: number; burst: number };
}

export type PaymentsConfig =
  | { provider: 'off' }
  | { provider: 'sandbox' }
  | {
      provider: 'stripe';
      secretKey: string;
      publishableKey: string;
      webhookSecret: string;
      /** Another API origin (test peer); null = api.stripe.com. */
      apiBase: string | null;
      /** Price ids per plan from STRIPE_PRICE_*; a plan without one gets a price created on first start. */
      priceIds: Partial<Record<PaidVipTypeName, string>>;
    };

type PaidVipTypeName = 'pro_month' | 'pro_year' | 'pro_plus_month' | 'pro_plus_year' | 'pro_max_month' | 'pro_max_year' | 'business_month' | 'business_year';

export interface RateLimitsConfig {
  guestsPerAddressPerHour: number;
  loginFailuresPerAccount: number;
  loginFailuresPerAddress: number;
  /** The sign-in window, and how long a lock lasts. */
  loginWindowMs: number;
  codeEmailsPerAddressPerHour: number;
  codeEmailsPerRecipientPerHour: number;
}

export type ImageryConfig =
  | { provider: 'openai'; baseUrl: string; apiKey: string | null; model: string; timeoutMs: number }
  | { provider: 'comfyui'; url: string; workflow: string | null; inpaintWorkflow: string | null; timeoutMs: number };

export class ConfigError extends Error {}

/** IMAGE_PROVIDER and its settings, checked together (a provider without what it needs stops the server). */
function imageryConfig(e: Env): ImageryConfig | null {
  if (e.IMAGE_PROVIDER === 'openai') {
    if (!e.IMAGE_API_KEY && new URL(e.IMAGE_BASE_URL).hostname === 'api.openai.com') {
      throw new ConfigError(
        'IMAGE_API_KEY is required when IMAGE_PROVIDER=openai talks to api.openai.com (set IMAGE_BASE_URL for a server that needs no key).',
      );
    }
    return { provider: 'openai', baseUrl: e.IMAGE_BASE_URL, apiKey: e.IMAGE_API_KEY ?? null, model: e.IMAGE_MODEL, timeoutMs: e.IMAGE_TIMEOUT_MS };
  }
  if (e.IMAGE_PROVIDER === 'comfyui') {
    if (!e.COMFYUI_URL) throw new ConfigError('COMFYUI_URL is required when IMAGE_PROVIDER=comfyui (for example http://127.0.0.1:8188).');
    for (const [name, file] of [
      ['COMFYUI_WORKFLOW', e.COMFYUI_WORKFLOW],
      ['COMFYUI_INPAINT_WORKFLOW', e.COMFYUI_INPAINT_WORKFLOW],
    ] as const) {
      if (file && !fs.existsSync(file))
        throw new ConfigError(`${name}: no file at ${path.resolve(file)} (give the path of a workflow saved in ComfyUI's API format).`);
    }
    return {
      provider: 'comfyui',
      url: e.COMFYUI_URL,
      workflow: e.COMFYUI_WORKFLOW ? path.resolve(e.COMFYUI_WORKFLOW) : null,
      inpaintWorkflow: e.COMFYUI_INPAINT_WORKFLOW ? path.resolve(e.COMFYUI_INPAINT_WORKFLOW) : null,
      timeoutMs: e.IMAGE_TIMEOUT_MS,
    };
  }
  return null;
}

/** PAYMENT_PROVIDER and the Stripe settings, checked together; the sandbox never runs in production. */
function paymentsConfig(e: Env): PaymentsConfig {
  const provider = e.PAYMENT_PROVIDER === 'auto' ? (e.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox') : e.PAYMENT_PROVIDER;
  if (provider === 'off') return { provider };
  if (provider === 'sandbox') {
    if (e.NODE_ENV === 'production') {
      throw new ConfigError(
        'The payment sandbox takes no real money and is refused when NODE_ENV=production: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENT_PROVIDER=off.',
      );
    }
    return { provider };
  }
  const missing = (['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const).filter((k) => !e[k]);
  if (missing.length > 0) throw new ConfigError(`Stripe payments need ${missing.join(', ')} (from the Stripe dashboard: API keys and the webhook endpoint).`);
  const priceIds: Partial<Record<PaidVipTypeName, string>> = {};
  const prices: [PaidVipTypeName, string | undefined][] = [
    ['pro_month', e.STRIPE_PRICE_PRO_MONTH],
    ['pro_year', e.STRIPE_PRICE_PRO_YEAR],
    ['pro_plus_month', e.STRIPE_PRICE_PRO_PLUS_MONTH],
    ['pro_plus_year', e.STRIPE_PRICE_PRO_PLUS_YEAR],
    ['pro_max_month', e.STRIPE_PRICE_PRO_MAX_MONTH],
    ['pro_max_year', e.STRIPE_PRICE_PRO_MAX_YEAR],
    ['business_month', e.STRIPE_PRICE_BUSINESS_MONTH],
    ['business_year', e.STRIPE_PRICE_BUSINESS_YEAR],
  ];
  for (const [plan, id] of prices) if (id) priceIds[plan] = id;
  return {
    provider: 'stripe',
    secretKey: e.STRIPE_SECRET_KEY as string,
    publishableKey: e.STRIPE_PUBLISHABLE_KEY as string,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET as string,
    apiBase: e.STRIPE_API_BASE ?? null,
    priceIds,
  };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}\nFix these variables (see README "Configuration").`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.APP_SECRET) {
    throw new ConfigError('APP_SECRET is required when NODE_ENV=production (32+ random characters).');
  }
  if (e.ROLE !== 'all' && !e.REDIS_URL) {
    // Without Redis the job queue lives inside one process, so an api-only or worker-only process would strand jobs.
    throw new ConfigError(`ROLE=${e.ROLE} needs REDIS_URL (jobs pass between api and worker processes through Redis); unset ROLE to run both in one process.`);
  }
  const google =
    e.OAUTH_GOOGLE_CLIENT_ID && e.OAUTH_GOOGLE_CLIENT_SECRET
      ? {
          clientId: e.OAUTH_GOOGLE_CLIENT_ID,
          clientSecret: e.OAUTH_GOOGLE_CLIENT_SECRET,
          jwksUrl: e.OAUTH_GOOGLE_JWKS_URL,
          issuers: e.OAUTH_GOOGLE_ISSUERS.split(',')
            .map((s) => s.trim())
            .filter(Boolean),
          authUrl: e.OAUTH_GOOGLE_AUTH_URL ?? null,
          tokenUrl: e.OAUTH_GOOGLE_TOKEN_URL ?? null,
        }
      : null;
  const config: Config = {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? null,
    dataDir: path.resolve(e.DATA_DIR),
    logLevel: e.LOG_LEVEL,
    role: e.ROLE,
    databaseUrl: e.DATABASE_URL ?? null,
    redisUrl: e.REDIS_URL ?? null,
    queuePrefix: e.QUEUE_PREFIX,
    jobConcurrency: e.JOB_CONCURRENCY,
    jobHeavyConcurrency: e.JOB_HEAVY_CONCURRENCY,
    jobDrainMs: e.JOB_DRAIN_MS,
    appSecret: e.APP_SECRET ?? null,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 3600 * 1000,
    sessionCacheTtlMs: e.SESSION_CACHE_TTL_MS,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    trustProxy:
      e.TRUST_PROXY === 'true'
        ? true
        : e.TRUST_PROXY === 'false'
          ? false
          : e.TRUST_PROXY.split(',')
              .map((s) => s.trim())
              .filter(Boolean),
    rateLimits: {
      guestsPerAddressPerHour: e.GUEST_RATE_LIMIT,
      loginFailuresPerAccount: e.LOGIN_RATE_LIMIT,
      loginFailuresPerAddress: e.LOGIN_IP_RATE_LIMIT,
      loginWindowMs: e.LOGIN_RATE_WINDOW_SECONDS * 1000,
      codeEmailsPerAddressPerHour: e.CODE_EMAIL_RATE_LIMIT,
      codeEmailsPerRecipientPerHour: e.CODE_EMAIL_RECIPIENT_RATE_LIMIT,
    },
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    google,
    googleJwksUrl: e.OAUTH_GOOGLE_JWKS_URL,
    googleClientIdForOneTap: e.OAUTH_GOOGLE_CLIENT_ID ?? null,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT ?? null,
          accessKeyId: e.S3_ACCESS_KEY_ID ?? null,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? null,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          stsRoleArn: e.S3_STS_ROLE_ARN ?? null,
          stsEndpoint: e.S3_STS_ENDPOINT ?? null,
          cdnBaseUrl: e.CDN_BASE_URL ?? null,
        }
      : null,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    llm: e.LLM_BASE_URL ? { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY ?? null, model: e.LLM_MODEL, timeoutMs: e.LLM_TIMEOUT_MS } : null,
    imagery: imageryConfig(e),
    photoshoot: { cutoutEngine: e.CUTOUT_ENGINE, templatesPerFamily: e.PHOTOSHOOT_TEMPLATES_PER_FAMILY, templateSize: e.PHOTOSHOOT_TEMPLATE_SIZE },
    mockup: {
      templatesSeed: e.MOCKUP_TEMPLATES_SEED === 'all' ? null : Number(e.MOCKUP_TEMPLATES_SEED),
      templateSize: e.MOCKUP_TEMPLATE_SIZE,
    },
    ideas: {
      seed: e.DESIGN_IDEAS_SEED === 'all' ? null : Number(e.DESIGN_IDEAS_SEED),
      size: e.DESIGN_IDEAS_SIZE,
      designs: e.DESIGN_IDEAS_DESIGNS,
    },
    payments: paymentsConfig(e),
    billingSweepMs: e.BILLING_SWEEP_MS,
    apiKeys: { ratePerMinute: e.API_KEY_RATE_PER_MINUTE, burst: e.API_KEY_BURST },
  };
  return { ...config, ...overrides };
}
