import { onCommit } from './db/after-commit.js';
import type { Db, DbOrTx } from './db/client.js';
import type { Transact } from './db/transact.js';
import { createAccountRepo } from './modules/account/index.js';
import { createAdminRepo } from './modules/admin/index.js';
import { createApiKeyRepo } from './modules/api-keys/index.js';
import { createAnalyticsRepo } from './modules/analytics/index.js';
import { createBillingRepo, createSandboxRepo } from './modules/billing/index.js';
import { createAnalysisRepo, createChatRepo, createDesignResultsRepo } from './modules/chat/index.js';
import { createCreditRepo } from './modules/credits/index.js';
import { createDesignRequestRepo } from './modules/design-request/index.js';
import { createFactoryRepo } from './modules/factory/index.js';
import { createFileRepo } from './modules/files/index.js';
import { createGenerateRepo } from './modules/generate/index.js';
import { createIdeasRepo } from './modules/ideas/index.js';
import { createMailRepo } from './modules/mail/index.js';
import { createNutritionRepo } from './modules/nutrition/index.js';
import { createMockupMaterialsRepo, createMockupRepo, createMockupTemplatesRepo } from './modules/mockup/index.js';
import { createOAuthRepo } from './modules/oauth/index.js';
import { createPhotoshootRepo, createSceneTemplatesRepo } from './modules/photoshoot/index.js';
import { createPrintRepo } from './modules/print/index.js';
import { createEditorRepo } from './modules/editor/index.js';
import { createProjectRepo } from './modules/project/index.js';
import { createQuotationRepo } from './modules/quotation/index.js';
import { createRedeemRepo } from './modules/redeem/index.js';
import { createSessionRepo } from './modules/session/index.js';
import { createAccessRepo, createUserRepo, createUserSettingsRepo } from './modules/user/index.js';

/**
 * Every repository on one database handle: built once on the database by the composition root, and
 * again on each transaction by `createTransact`. Modules never build another module's repository;
 * they receive the ones they use.
 */
export function createRepositories(db: DbOrTx) {
  return {
    users: createUserRepo(db),
    sessions: createSessionRepo(db),
    credits: createCreditRepo(db),
    projects: createProjectRepo(db),
    chat: createChatRepo(db),
    designResults: createDesignResultsRepo(db),
    analysis: createAnalysisRepo(db),
    files: createFileRepo(db),
    generate: createGenerateRepo(db),
    photoshoot: createPhotoshootRepo(db),
    sceneTemplates: createSceneTemplatesRepo(db),
    mockupTemplates: createMockupTemplatesRepo(db),
    mockup: createMockupRepo(db),
    mockupMaterials: createMockupMaterialsRepo(db),
    account: createAccountRepo(db),
    oauth: createOAuthRepo(db),
    mail: createMailRepo(db),
    analytics: createAnalyticsRepo(db),
    access: createAccessRepo(db),
    userSettings: createUserSettingsRepo(db),
    billing: createBillingRepo(db),
    sandbox: createSandboxRepo(db),
    redeemCodes: createRedeemRepo(db),
    admin: createAdminRepo(db),
    apiKeys: createApiKeyRepo(db),
    factories: createFactoryRepo(db),
    quotes: createQuotationRepo(db),
    printRequests: createPrintRepo(db),
    designRequests: createDesignRequestRepo(db),
    ideas: createIdeasRepo(db),
    nutrition: createNutritionRepo(db),
    editor: createEditorRepo(db),
    /** Runs `hook` once this handle's transaction commits (never on rollback); on the database itself, at once. */
    onCommit: (hook: () => void): void => onCommit(db, hook),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;

/** The unit of work: `work` gets every repository bound to one transaction (db/transact.ts). */
export function createTransact(db: Db): Transact<Repositories> {
  return (work) => db.transaction((tx) => work(createRepositories(tx)));
}
