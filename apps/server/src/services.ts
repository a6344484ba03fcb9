import type { Logger } from 'pino';
import { STORAGE_TOKEN_TTL_MS } from '@packsmith/contracts';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Transact } from './db/transact.js';
import { createImageProvider } from './engines/imagery/create-image-provider.js';
import { createDesignImagery } from './engines/imagery/design-imagery.js';
import type { ImageProvider } from './engines/imagery/image-provider.js';
import { createJobRegistry } from './jobs/job-registry.js';
import { createJobQueue, createJobRuntime, type JobRuntime } from './jobs/queue.js';
import { loadAppSecret } from './lib/app-secret.js';
import { createAccountService, type AccountService } from './modules/account/index.js';
import { createAdminService, type AdminService } from './modules/admin/index.js';
import { createAnalyticsService, type AnalyticsService } from './modules/analytics/index.js';
import { createBilling, type Billing } from './modules/billing/index.js';
import {
  boxOptionsFor,
  createToolChat,
  createAnalysisService,
  createAssistant,
  createChatService,
  createDesignJobs,
  engineDesignPipeline,
  type AnalysisService,
  type ChatService,
  type DesignPipeline,
} from './modules/chat/index.js';
import { createCreditService, type CreditService } from './modules/credits/index.js';
import { createDesignRequestService, type DesignRequestService } from './modules/design-request/index.js';
import { createFactoryService, type FactoryService } from './modules/factory/index.js';
import { createFontCatalog, type FontCatalog } from './modules/fonts/index.js';
import { createFileAccess, createFileService, createUploadTokens, type FileService } from './modules/files/index.js';
import { RECORD_JOBS, createGenerateService, type GenerateService } from './modules/generate/index.js';
import {
  createImageToolJobs,
  createImageToolService,
  createLocalImageToolEngines,
  createWorkerImageToolEngines,
  type ImageToolEngines,
  type ImageToolService,
} from './modules/image-tools/index.js';
import {
  createIdeaFiling,
  createIdeaIndexCache,
  createIdeaSeeding,
  createIdeasService,
  type IdeaFiling,
  type IdeaSeeding,
  type IdeasService,
} from './modules/ideas/index.js';
import { createMailService, type MailService } from './modules/mail/index.js';
import {
  createDesignFacesSource,
  createMockupCommits,
  createMockupJobs,
  createMockupMaterials,
  createMockupService,
  createMockupTemplates,
  createTemplateCache,
  createWorkerMockupRenderer,
  loadTemplate,
  type MockupMaterialsService,
  type MockupRenderer,
  type MockupService,
  type MockupTemplatesService,
} from './modules/mockup/index.js';
import { createGoogleProvider, createOAuthService, type OAuthService } from './modules/oauth/index.js';
import {
  createEngineVision,
  createPhotoshootJobs,
  createPhotoshootService,
  createProviderScenes,
  createSceneTemplates,
  createWorkerScenes,
  engineScenes,
  type PhotoshootService,
  type PhotoshootVision,
  type SceneEngine,
  type SceneTemplatesService,
} from './modules/photoshoot/index.js';
import { createQuotationReader, createQuotationService, type FactoryFinder, type QuotationService } from './modules/quotation/index.js';
import { createRedeemService, type RedeemService } from './modules/redeem/index.js';
import { createPrintService, type PrintService } from './modules/print/index.js';
import { createEditorJobs, createEditorService, createLogoLoader, createPrintFiles, createWorkerExports, type EditorService } from './modules/editor/index.js';
import { createNutritionService, type NutritionService } from './modules/nutrition/index.js';
import { createProjectAccess, createProjectService, type ProjectAccess, type ProjectService } from './modules/project/index.js';
import { createSessionCache, createSessionService, type SessionService } from './modules/session/index.js';
import { createApiKeyService, createUsageCounter, type ApiKeyService, type CachedKey } from './modules/api-keys/index.js';
import {
  createAccessService,
  createUserService,
  createUserSettingsService,
  type AccessService,
  type UserService,
  type UserSettingsService,
} from './modules/user/index.js';
import { createRateLimits, type RateLimits } from './rate-limit/create-rate-limits.js';
import { createLimitRule } from './rate-limit/rate-limiter.js';
import { createRedisTokenBucketStore } from './rate-limit/redis-token-bucket.js';
import { createMemoryTokenBucketStore, createTokenBucketRule } from './rate-limit/token-bucket.js';
import { createRealtimeHub, socketRedisKey, type RealtimeHub } from './realtime/realtime-hub.js';
import { createRepositories, createTransact, type Repositories } from './repositories.js';
import { createStorage } from './storage/create-storage.js';
import type { Storage } from './storage/storage.js';

/**
 * The composition root of the domain: each service gets only what it uses (CONVENTIONS: no god
 * service). Routes, jobs and the CLI all go through these.
 */
export interface Services {
  sessions: SessionService;
  users: UserService;
  credits: CreditService;
  projectAccess: ProjectAccess;
  projects: ProjectService;
  /** Emits to a project's socket room; bound to the socket.io server by buildApp (attach). */
  realtime: RealtimeHub;
  /** Local disk or S3 (all object I/O). */
  storage: Storage;
  /** Uploads, registered files and resolveOwnedImage for every call taking an image URL. */
  files: FileService;
  /** Email codes, registration, sign-in/out and the guest → account merge. */
  account: AccountService;
  mail: MailService;
  oauth: OAuthService;
  analytics: AnalyticsService;
  userSettings: UserSettingsService;
  /** Membership gates: downloads, editor, business features. */
  access: AccessService;
  /** Generate records: credits, queue, progress and results (ARCHITECTURE §5). */
  generate: GenerateService;
  /** The job queue with this build's handlers; buildApp starts its workers and closes it. */
  jobs: JobRuntime;
  /** Design chat: messages, the assistant, design generations and edits. */
  chat: ChatService;
  /** Palette/style/text analysis of design images, and prompts from images. */
  analysis: AnalysisService;
  /**
   * The remote image engine of IMAGE_PROVIDER (OpenAI images or ComfyUI); null = local only.
   * Design jobs take their imagery from it; other modules may too (text-free imagery only).
   */
  imageProvider: ImageProvider | null;
  /** Photo shoot: cut-outs, composites on scenes, result likes, the scene gallery. */
  photoshoot: PhotoshootService;
  /** The curated scene templates; buildApp seeds them after listening and stops seeding on close. */
  sceneTemplates: SceneTemplatesService;
  /** The mockup template library; buildApp seeds it after listening and stops seeding on close. */
  mockupTemplates: MockupTemplatesService;
  /** The mockup studio: renders, custom templates, 3D snapshots, design faces, the mockup-service link. */
  mockup: MockupService;
  /** The caller's mockup materials and saved compositions. */
  mockupMaterials: MockupMaterialsService;
  /** The AI image tools: erase, fill, remove background, segment, upscale, edit, text, keywords. */
  imageTools: ImageToolService;
  /** Cut-out and compositing engines; buildApp disposes of them on close. */
  photoshootVision: PhotoshootVision;
  /** The image tools' worker thread; buildApp closes it once the jobs have drained. */
  imageToolWorker: { close(): Promise<void> };
  /** The editor exports' worker thread (300 dpi rasters, PDFs); buildApp closes it once the jobs have drained. */
  editorExportWorker: { close(): Promise<void> };
  /** Abuse limits (sign-in, guests, code emails): Redis counters with REDIS_URL; buildApp closes them. */
  rateLimits: RateLimits;
  /** Payments, plans, promotion codes, the webhook and the monthly sweep (buildApp runs its timer). */
  billing: Billing;
  /** One-time redeem codes: credits, a plan for some days, the lifetime deal. */
  redeem: RedeemService;
  /** The admin area: the is_admin guard, reporting reads and logged admin changes. */
  admin: AdminService;
  /** Business API keys and the authenticator of every HTTP call (keys and session tokens); buildApp closes it. */
  apiKeys: ApiKeyService;
  /** The factory directory (public reads, admin changes, the sample seed run by buildApp) and `fitting` for quotes. */
  factories: FactoryService;
  /** The AI quotation: estimates, the pricing-tool chat, saved quotes and their PDF. */
  quotation: QuotationService;
  /** The print order: the pre-press check of a design and print requests to a factory. */
  print: PrintService;
  /** The design request form: stored, mailed to requester and studio, retried by a sweep (buildApp runs its timer). */
  designRequests: DesignRequestService;
  /** The font records of GET /api/font/list and their TTF, subset and preview files (built once, in memory). */
  fonts: FontCatalog;
  /** The design-idea gallery: lists, search, similar ideas, one idea, admin curation. */
  ideas: IdeasService;
  /** The gallery's seed; buildApp starts it after listening and stops it on close. */
  ideaSeeding: IdeaSeeding;
  /** The nutrition label generator: compute, saved labels (projects of type 'nutrition'), own ingredients, print files. */
  nutrition: NutritionService;
  /** The AI packaging editor: documents of ai_editor projects, named versions, exports, panel redesigns (opening is access.openEditor). */
  editor: EditorService;
}

export interface ServiceDeps {
  config: Config;
  database: Database;
  log: Logger;
  /** The design engine; tests may replace it (default: the local procedural pipeline). */
  designPipeline?: DesignPipeline;
  /** The photo shoot's vision engines (default: local ISNet or GrabCut per CUTOUT_ENGINE, and the local compositor). */
  photoshootVision?: PhotoshootVision;
  /** The scene generator behind the templates (default: the local procedural scenes). */
  sceneEngine?: SceneEngine;
  /** The mockup template renderer (default: a worker thread running @packsmith/mockup). */
  mockupRenderer?: MockupRenderer;
  /** Replaces some of the image tools' local engines (default: @packsmith/vision's tools). */
  imageToolEngines?: Partial<ImageToolEngines>;
}

/** What every group of services below is built from: the repositories are built once, here. */
interface Shared {
  config: Config;
  log: Logger;
  repos: Repositories;
  transact: Transact<Repositories>;
  realtime: RealtimeHub;
  storage: Storage;
}

export function createServices({
  config,
  database,
  log,
  designPipeline,
  photoshootVision,
  sceneEngine,
  mockupRenderer,
  imageToolEngines,
}: ServiceDeps): Services {
  const repos = createRepositories(database.db);
  const shared: Shared = {
    config,
    log,
    repos,
    transact: createTransact(database.db),
    realtime: createRealtimeHub({ redisUrl: config.redisUrl, redisKey: socketRedisKey(config.queuePrefix), log }),
    storage: createStorage(config),
  };
  const rateLimits = createRateLimits(config, log);
  const people = createPeopleServices(shared, rateLimits);
  const projectAccess = createProjectAccess({ projects: repos.projects });
  // The gallery's search index in this process: reloaded after local changes, and in the background every 30 s for other processes'.
  const ideaIndex = createIdeaIndexCache({ load: () => repos.ideas.corpus(), ttlMs: IDEA_INDEX_TTL_MS });
  const ideaFiling = createIdeaFiling({ repo: repos.ideas, index: ideaIndex });
  const { files, projects } = createProjectFileServices(shared, projectAccess, ideaFiling);
  const { designFaces, toolEngines, ...studio } = createStudioServices(shared, {
    credits: people.credits,
    projectAccess,
    files,
    designPipeline,
    photoshootVision,
    sceneEngine,
    imageToolEngines,
  });
  const logoLoader = createLogoLoader(files);
  const editor = createEditorService({
    repo: repos.editor,
    transact: shared.transact,
    access: projectAccess,
    generate: studio.generate,
    logo: logoLoader,
  });
  const access = createAccessService({ repo: repos.access, storage: shared.storage, resolveOwnedImage: files.resolveOwnedImage, editor });
  const mockupTemplates = createMockupTemplates({
    repo: repos.mockupTemplates,
    fileRepo: repos.files,
    storage: shared.storage,
    renderer: mockupRenderer ?? createWorkerMockupRenderer({ log }),
    seedCount: config.mockup.templatesSeed,
    size: config.mockup.templateSize,
    log,
  });
  const mockup = createMockupService({
    repo: repos.mockup,
    chatRepo: repos.chat,
    transact: shared.transact,
    access: projectAccess,
    projects,
    projectRepo: repos.projects,
    users: repos.users,
    generate: studio.generate,
    files,
    storage: shared.storage,
    templates: mockupTemplates,
    faces: designFaces,
    realtime: shared.realtime,
    log,
  });
  const mockupMaterials = createMockupMaterials({ repo: repos.mockupMaterials, files, storage: shared.storage });
  const imageTools = createImageToolService({
    chatRepo: repos.chat,
    access: projectAccess,
    generate: studio.generate,
    files,
    storage: shared.storage,
    templates: mockupTemplates,
    designs: repos.mockup,
    engines: toolEngines,
    realtime: shared.realtime,
    log,
  });
  const billing = createBilling({
    payments: config.payments,
    appSecret: loadAppSecret(config),
    repo: repos.billing,
    sandboxRepo: repos.sandbox,
    users: repos.users,
    transact: shared.transact,
    credits: people.credits,
    log,
  });
  const apiKeys = createApiKeysServices(shared, people.sessions);
  const codes = createCodeServices(shared, rateLimits, people.credits, billing);
  const factories = createFactoryService({ repo: repos.factories, transact: shared.transact, adminLog: codes.admin.log, log });
  const quotation = createQuotationServices(shared, projectAccess, projects, factories);
  // Links in mail and font records: absolute when PUBLIC_URL says where we are, else as stored (relative).
  const absoluteUrl = (url: string) => (config.publicUrl && url.startsWith('/') ? new URL(url, config.publicUrl).toString() : url);
  const designRequests = createDesignRequestService<Repositories>({
    repo: repos.designRequests,
    transact: shared.transact,
    resolveOwnedImage: files.resolveOwnedImage,
    mail: people.mail,
    adminLog: codes.admin.log,
    studioEmail: config.designRequest.studioEmail,
    retryBaseMs: config.designRequest.retryBaseMs,
    limits: { perAddress: rateLimits.designRequestsPerAddress, perRecipient: rateLimits.designRequestsPerRecipient },
    absoluteUrl,
    log,
  });
  const ideas = createIdeasService({
    repo: repos.ideas,
    transact: shared.transact,
    adminLog: codes.admin.log,
    files: { resolveOwnedImage: files.resolveOwnedImage, read: files.read },
    loadProject: projectAccess.load,
    // The AI image tools' keyword engine (colour names and style tags), as GET /api/vector/search/keyword uses it.
    keywords: (image) => toolEngines.imageKeywords(image),
    index: ideaIndex,
    log,
  });
  const ideaSeeding = createIdeaSeeding({
    repo: repos.ideas,
    fileRepo: repos.files,
    storage: shared.storage,
    pipeline: designPipeline ?? engineDesignPipeline,
    count: config.ideas.seed,
    size: config.ideas.size,
    designs: config.ideas.designs,
    onStored: () => ideaIndex.invalidate(),
    log,
  });
  return {
    ideas,
    ideaSeeding,
    quotation,
    designRequests,
    fonts: createFontCatalog({ absoluteUrl, log }),
    ...people,
    ...studio,
    billing,
    ...codes,
    apiKeys,
    mockupTemplates,
    mockup,
    mockupMaterials,
    imageTools,
    rateLimits,
    projectAccess,
    projects,
    files,
    access,
    realtime: shared.realtime,
    storage: shared.storage,
    factories,
    print: createPrintService({
      repo: repos.printRequests,
      transact: shared.transact,
      access: projectAccess,
      factories,
      resolveOwnedImage: files.resolveOwnedImage,
      mail: people.mail,
      // The editor's exporter on its worker thread (never on the serving thread), stored like an export.
      printFiles: createPrintFiles({
        repo: repos.editor,
        logo: logoLoader,
        render: studio.editorExportWorker.run,
        storage: shared.storage,
        fileRepo: repos.files,
        resolveOwnedImage: files.resolveOwnedImage,
        log,
      }),
      absoluteUrl,
      log,
    }),
    editor,
    nutrition: createNutritionService({
      repo: repos.nutrition,
      projects: repos.projects,
      access: projectAccess,
      storage: shared.storage,
      fileRepo: repos.files,
    }),
  };
}

/** The quotation: the engine, the pricing-tool chat (local rules, or the LLM of LLM_BASE_URL with the rules as fallback) and the factories that fit. */
function createQuotationServices(
  { config, log, repos, transact, realtime }: Shared,
  access: ProjectAccess,
  projects: ProjectService,
  factories: FactoryFinder,
): QuotationService {
  return createQuotationService({
    repo: repos.quotes,
    transact,
    projects: repos.projects,
    access,
    createProject: (userId, type) => projects.create(userId, { type }),
    chatRepo: repos.chat,
    chat: createToolChat({ chat: repos.chat, realtime, log, tool: 'quotation' }),
    factories,
    suggestBoxes: boxOptionsFor,
    read: createQuotationReader({ suggest: boxOptionsFor, llm: config.llm ? { ...config.llm, log } : null }),
  });
}

/** API keys: a token bucket per key (Redis with REDIS_URL, shared by every instance) and usage written every few seconds. */
function createApiKeysServices({ config, log, repos, transact }: Shared, sessions: SessionService): ApiKeyService {
  const store = config.redisUrl ? createRedisTokenBucketStore(config.redisUrl, log) : createMemoryTokenBucketStore();
  const limit = createTokenBucketRule(store, { name: 'api-key', ...config.apiKeys, prefix: config.queuePrefix, log });
  const usage = createUsageCounter({ write: (entries) => repos.apiKeys.addUsage(entries), intervalMs: 5000, log });
  const service = createApiKeyService({
    repo: repos.apiKeys,
    transact,
    sessions,
    limit,
    usage,
    cache: createSessionCache<CachedKey>({ ttlMs: config.sessionCacheTtlMs }),
    cacheTtlMs: config.sessionCacheTtlMs,
  });
  return {
    ...service,
    async close() {
      await service.close();
      await store.close();
    },
  };
}

/** Who the caller is and what they hold: sessions, accounts, credits, plans, settings. */
function createPeopleServices({ config, log, repos, transact, realtime }: Shared, rateLimits: RateLimits) {
  const sessions = createSessionService({
    repo: repos.sessions,
    ttlMs: config.sessionTtlMs,
    cache: createSessionCache({ ttlMs: config.sessionCacheTtlMs }),
    // A revoked session's open sockets go at once, on every instance.
    onRevoked: (ids) => realtime.disconnectSessions(ids),
  });
  const credits = createCreditService({ repo: repos.credits });
  const users = createUserService({ transact, sessions, credits, guestsPerAddress: rateLimits.guestsPerAddress });
  const mail = createMailService({ repo: repos.mail, log, smtpUrl: config.smtpUrl, from: config.mailFrom });
  const userSettings = createUserSettingsService({ repo: repos.userSettings });
  const account = createAccountService({
    repo: repos.account,
    users: repos.users,
    transact,
    sessions,
    credits,
    mail,
    settings: userSettings,
    log,
    pepper: loadAppSecret(config),
    limits: rateLimits,
  });
  const oauth = createOAuthService({
    repo: repos.oauth,
    transact,
    google: config.google ? createGoogleProvider(config.google) : null,
    account,
    sessions,
    publicOrigin: config.publicUrl ? new URL(config.publicUrl).origin : null,
    log,
  });
  const analytics = createAnalyticsService({ repo: repos.analytics });
  return { sessions, credits, users, mail, userSettings, account, oauth, analytics };
}

/**
 * How stale the gallery's search index of one process may get with changes made by another
 * (docs/DESIGN-IDEAS.md): what it lists is re-checked against the database, so this delays new ideas
 * and counts of other processes, never shows a removed one. A reload reads every listed row, which
 * blocks the embedded database for a moment, so not more often.
 */
const IDEA_INDEX_TTL_MS = 30_000;

/** A wrong redeem code per user per hour (guessing): the 11th within the hour is refused, in words. */
const REDEEM_FAILURES_PER_HOUR = 10;

/** Redeem codes and the admin area (which creates codes and adjusts credits and plans). */
function createCodeServices({ config, log, repos, transact }: Shared, rateLimits: RateLimits, credits: CreditService, billing: Billing) {
  const redeem = createRedeemService<Repositories>({
    repo: repos.redeemCodes,
    transact,
    credits,
    planGrants: billing.planGrants,
    attempts: createLimitRule(rateLimits.store, { name: 'redeem-user', limit: REDEEM_FAILURES_PER_HOUR, windowMs: 3600_000, prefix: config.queuePrefix, log }),
  });
  const admin = createAdminService<Repositories>({ repo: repos.admin, transact, redeem, planGrants: billing.planGrants, promotions: billing.promotions });
  return { redeem, admin };
}

/** Uploads and registered files, and the projects whose images must be files of ours. */
function createProjectFileServices({ config, log, repos, transact, realtime, storage }: Shared, projectAccess: ProjectAccess, gallery: IdeaFiling) {
  const fileAccess = createFileAccess({ storage, repo: repos.files });
  const projects = createProjectService({
    repo: repos.projects,
    transact,
    access: projectAccess,
    realtime,
    images: { resolveOwnedImage: fileAccess.resolveOwnedImage, keyFromUrl: (url) => storage.keyFromUrl(url) },
    gallery,
  });
  const files = createFileService({
    storage,
    repo: repos.files,
    tokens: createUploadTokens({ secret: loadAppSecret(config), ttlMs: STORAGE_TOKEN_TTL_MS }),
    access: fileAccess,
    log,
  });
  return { files, projects };
}

interface StudioDeps extends Pick<ServiceDeps, 'designPipeline' | 'photoshootVision' | 'sceneEngine' | 'imageToolEngines'> {
  credits: CreditService;
  projectAccess: ProjectAccess;
  files: FileService;
}

/** The design chat and the photo shoot, and the generate records and job queue their work runs on. */
function createStudioServices({ config, log, repos, transact, realtime, storage }: Shared, deps: StudioDeps) {
  const { credits, projectAccess: access, files } = deps;
  const queue = createJobQueue(config, log);
  const imageProvider = createImageProvider(config.imagery);
  const designJobs = createDesignJobs({
    chat: repos.chat,
    transact,
    access,
    files,
    realtime,
    pipeline: deps.designPipeline ?? engineDesignPipeline,
    imagery: imageProvider ? createDesignImagery({ provider: imageProvider, log }) : null,
    log,
  });
  const photoshootVision = deps.photoshootVision ?? createEngineVision({ cutoutEngine: config.photoshoot.cutoutEngine });
  const sceneTemplates = createSceneTemplates({
    repo: repos.sceneTemplates,
    fileRepo: repos.files,
    storage,
    scenes: deps.sceneEngine ?? createWorkerScenes(engineScenes, { log }),
    perFamily: config.photoshoot.templatesPerFamily,
    size: config.photoshoot.templateSize,
    log,
  });
  const providerScenes = imageProvider ? createProviderScenes({ provider: imageProvider, files }) : null;
  const photoshootJobs = createPhotoshootJobs({
    repo: repos.photoshoot,
    chatRepo: repos.chat,
    transact,
    access,
    files,
    storage,
    realtime,
    vision: photoshootVision,
    templates: sceneTemplates,
    providerScenes,
    log,
  });
  // The mockup studio's faces of a design: one source for the result call, its job and the faces call.
  const designFaces = createDesignFacesSource({ repo: repos.mockup, files, storage, commits: createMockupCommits({ transact }), log });
  // One cache of decoded templates for the mockup renders and the image tools' text on a product.
  const templateCache = createTemplateCache({ load: (row) => loadTemplate(storage, row) });
  const mockupJobs = createMockupJobs({
    chatRepo: repos.chat,
    transact,
    access,
    files,
    fileRepo: repos.files,
    storage,
    templates: repos.mockupTemplates,
    cache: templateCache,
    faces: designFaces,
    realtime,
    vision: photoshootVision,
    log,
  });
  // The image tools share the photo shoot's cut-out engine (one segmentation model in memory).
  // Seconds of synchronous engine work run in a worker thread; an engine a test passes in wins.
  const imageToolWorker = createWorkerImageToolEngines(createLocalImageToolEngines(photoshootVision), { log });
  const toolEngines: ImageToolEngines = { ...imageToolWorker, ...deps.imageToolEngines };
  const imageToolJobs = createImageToolJobs({
    chatRepo: repos.chat,
    access,
    files,
    templates: repos.mockupTemplates,
    templateCache,
    engines: toolEngines,
    provider: imageProvider,
    realtime,
    log,
  });
  const editorExportWorker = createWorkerExports({ log });
  const editorJobs = createEditorJobs({
    repo: repos.editor,
    storage,
    fileRepo: repos.files,
    resolveOwnedImage: files.resolveOwnedImage,
    render: editorExportWorker.run,
    log,
  });
  const generate = createGenerateService({
    repo: repos.generate,
    transact,
    access,
    credits,
    realtime,
    queue,
    jobs: [...RECORD_JOBS, ...designJobs, ...photoshootJobs, ...mockupJobs, ...imageToolJobs, ...editorJobs],
    log,
  });
  // Boot check: throws when a job name has no handler or two (immich-style registry).
  const jobs = createJobRuntime(queue, { registry: createJobRegistry(generate.jobHandlers()), recover: generate.recoverUnfinished });
  const chat = createChatService({
    chat: repos.chat,
    projects: repos.projects,
    access,
    assistant: createAssistant(config, log),
    generate,
    files,
    storage,
    analysis: repos.analysis,
    realtime,
    log,
  });
  const analysis = createAnalysisService({ repo: repos.analysis, access, files, storage, realtime });
  const photoshoot = createPhotoshootService({
    repo: repos.photoshoot,
    chatRepo: repos.chat,
    transact,
    access,
    generate,
    files,
    storage,
    templates: sceneTemplates,
    realtime,
    log,
  });
  return {
    imageProvider,
    generate,
    jobs,
    chat,
    analysis,
    photoshoot,
    sceneTemplates,
    photoshootVision,
    imageToolWorker,
    editorExportWorker,
    designFaces,
    toolEngines,
  };
}
