import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createCreditRepo } from './modules/credits/credit.repo.js';
import { createCreditService, type CreditService } from './modules/credits/credit.service.js';
import { createProjectAccess, type ProjectAccess } from './modules/project/project.access.js';
import { createProjectService, type ProjectService } from './modules/project/project.service.js';
import { createRealtimeHub, socketRedisKey, type RealtimeHub } from './realtime/realtime-hub.js';
import { createSessionRepo } from './modules/session/session.repo.js';
import { createSessionService, type SessionService } from './modules/session/session.service.js';
import { createSessionCache } from './modules/session/session-cache.js';
import { createUserRepo } from './modules/user/user.repo.js';
import { createUserService, type UserService } from './modules/user/user.service.js';
import { STORAGE_TOKEN_TTL_MS } from '@packsmith/contracts';
import { loadAppSecret } from './lib/app-secret.js';
import { createFileAccess } from './modules/files/file-access.js';
import { createFileRepo } from './modules/files/file.repo.js';
import { createFileService, type FileService } from './modules/files/file.service.js';
import { createUploadTokens } from './modules/files/upload-token.js';
import { createStorage } from './storage/create-storage.js';
import type { Storage } from './storage/storage.js';
import { createAccountService, type AccountService } from './modules/account/account.service.js';
import { createRateLimits, type RateLimits } from './rate-limit/create-rate-limits.js';
import { createAnalyticsRepo } from './modules/analytics/analytics.repo.js';
import { createAnalyticsService, type AnalyticsService } from './modules/analytics/analytics.service.js';
import { createMailRepo } from './modules/mail/mail.repo.js';
import { createMailService, type MailService } from './modules/mail/mail.service.js';
import { createGoogleProvider } from './modules/oauth/google.provider.js';
import { createOAuthService, type OAuthService } from './modules/oauth/oauth.service.js';
import { createAccessRepo } from './modules/user/access.repo.js';
import { createAccessService, type AccessService } from './modules/user/access.service.js';
import { createMembershipService, type MembershipService } from './modules/user/membership.service.js';
import { createUserSettingsService, type UserSettingsService } from './modules/user/user-settings.service.js';
import { createJobRegistry } from './jobs/job-registry.js';
import { createJobQueue, createJobRuntime, type JobRuntime } from './jobs/queue.js';
import { createGenerateService, type GenerateService } from './modules/generate/generate.service.js';
import { RECORD_JOBS } from './modules/generate/record-jobs.js';
import { createAnalysisRepo } from './modules/chat/analysis.repo.js';
import { createAnalysisService, type AnalysisService } from './modules/chat/analysis.service.js';
import { createAssistant } from './modules/chat/assistant/create-assistant.js';
import { createChatService, type ChatService } from './modules/chat/chat.service.js';
import { createProviderScenes } from './modules/photoshoot/provider-scenes.js';
import { createDesignJobs } from './modules/chat/design.job.js';
import { createImageProvider } from './engines/imagery/create-image-provider.js';
import { createDesignImagery } from './engines/imagery/design-imagery.js';
import type { ImageProvider } from './engines/imagery/image-provider.js';
import { engineDesignPipeline, type DesignPipeline } from './modules/chat/design-pipeline.js';
import { createPhotoshootJobs } from './modules/photoshoot/photoshoot.jobs.js';
import { createPhotoshootService, type PhotoshootService } from './modules/photoshoot/photoshoot.service.js';
import { engineScenes, type SceneEngine } from './modules/photoshoot/scene-adapter.js';
import { createWorkerScenes } from './modules/photoshoot/scene-worker.js';
import { createSceneTemplates, type SceneTemplatesService } from './modules/photoshoot/scene-templates.service.js';
import { createEngineVision, type PhotoshootVision } from './modules/photoshoot/vision-adapter.js';

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
  /** Operator-granted plans (admin CLI). */
  membership: MembershipService;
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
  /** Cut-out and compositing engines; buildApp disposes of them on close. */
  photoshootVision: PhotoshootVision;
  /** Abuse limits (sign-in, guests, code emails): Redis counters with REDIS_URL; buildApp closes them. */
  rateLimits: RateLimits;
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
}

export function createServices({ config, database, log, designPipeline, photoshootVision, sceneEngine }: ServiceDeps): Services {
  const { db } = database;
  const realtime = createRealtimeHub({ redisUrl: config.redisUrl, redisKey: socketRedisKey(config.queuePrefix), log });
  const sessions = createSessionService({
    repo: createSessionRepo(db),
    ttlMs: config.sessionTtlMs,
    cache: createSessionCache({ ttlMs: config.sessionCacheTtlMs }),
    // A revoked session's open sockets go at once, on every instance.
    onRevoked: (ids) => realtime.disconnectSessions(ids),
  });
  const credits = createCreditService({ repo: createCreditRepo(db) });
  const rateLimits = createRateLimits(config, log);
  const users = createUserService({ db, users: createUserRepo(db), sessions, credits, guestsPerAddress: rateLimits.guestsPerAddress });
  const projectAccess = createProjectAccess(db);
  const storage = createStorage(config);
  const fileRepo = createFileRepo(db);
  const projects = createProjectService({
    db,
    access: projectAccess,
    realtime,
    images: { resolveOwnedImage: createFileAccess({ storage, repo: fileRepo }).resolveOwnedImage, keyFromUrl: (url) => storage.keyFromUrl(url) },
  });
  const files = createFileService({
    storage,
    repo: fileRepo,
    tokens: createUploadTokens({ secret: loadAppSecret(config), ttlMs: STORAGE_TOKEN_TTL_MS }),
    access: createFileAccess({ storage, repo: fileRepo }),
    log,
  });
  const mail = createMailService({ repo: createMailRepo(db), log, smtpUrl: config.smtpUrl, from: config.mailFrom });
  const userSettings = createUserSettingsService({ db });
  const account = createAccountService({ db, sessions, credits, mail, settings: userSettings, log, pepper: loadAppSecret(config), limits: rateLimits });
  const oauth = createOAuthService({
    db,
    google: config.google ? createGoogleProvider(config.google) : null,
    account,
    sessions,
    publicOrigin: config.publicUrl ? new URL(config.publicUrl).origin : null,
    log,
  });
  const analytics = createAnalyticsService({ repo: createAnalyticsRepo(db) });
  const access = createAccessService({ repo: createAccessRepo(db), storage, resolveOwnedImage: files.resolveOwnedImage });
  const membership = createMembershipService({ db, credits });
  const queue = createJobQueue(config, log);
  const imageProvider = createImageProvider(config.imagery);
  const designJobs = createDesignJobs({
    db,
    access: projectAccess,
    files,
    realtime,
    pipeline: designPipeline ?? engineDesignPipeline,
    imagery: imageProvider ? createDesignImagery({ provider: imageProvider, log }) : null,
    log,
  });
  const vision = photoshootVision ?? createEngineVision({ cutoutEngine: config.photoshoot.cutoutEngine });
  const sceneTemplates = createSceneTemplates({
    db,
    storage,
    scenes: sceneEngine ?? createWorkerScenes(engineScenes, { log }),
    perFamily: config.photoshoot.templatesPerFamily,
    size: config.photoshoot.templateSize,
    log,
  });
  const providerScenes = imageProvider ? createProviderScenes({ provider: imageProvider, files }) : null;
  const photoshootJobs = createPhotoshootJobs({ db, access: projectAccess, files, storage, realtime, vision, templates: sceneTemplates, providerScenes, log });
  const generate = createGenerateService({ db, credits, realtime, queue, jobs: [...RECORD_JOBS, ...designJobs, ...photoshootJobs], log });
  // Boot check: throws when a job name has no handler or two (immich-style registry).
  const jobs = createJobRuntime(queue, { registry: createJobRegistry(generate.jobHandlers()), recover: generate.recoverUnfinished });
  const analysisRepo = createAnalysisRepo(db);
  const chat = createChatService({ db, access: projectAccess, assistant: createAssistant(config, log), generate, files, storage, analysis: analysisRepo, realtime, log });
  const analysis = createAnalysisService({ repo: analysisRepo, access: projectAccess, files, storage, realtime });
  const photoshoot = createPhotoshootService({ db, access: projectAccess, generate, files, storage, templates: sceneTemplates, realtime, log });
  return { rateLimits, imageProvider, photoshoot, sceneTemplates, photoshootVision: vision, chat, analysis, generate, jobs, sessions, users, credits, projectAccess, projects, realtime, storage, files, account, mail, oauth, analytics, userSettings, access, membership };
}
