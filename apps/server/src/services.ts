import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createCreditRepo } from './modules/credits/credit.repo.js';
import { createCreditService, type CreditService } from './modules/credits/credit.service.js';
import { createProjectAccess, type ProjectAccess } from './modules/project/project.access.js';
import { createSessionRepo } from './modules/session/session.repo.js';
import { createSessionService, type SessionService } from './modules/session/session.service.js';
import { createUserRepo } from './modules/user/user.repo.js';
import { createUserService, type UserService } from './modules/user/user.service.js';

/**
 * The composition root of the domain: each service gets only what it uses (CONVENTIONS: no god
 * service). Routes, jobs and the CLI all go through these.
 */
export interface Services {
  sessions: SessionService;
  users: UserService;
  credits: CreditService;
  projectAccess: ProjectAccess;
}

export interface ServiceDeps {
  config: Config;
  database: Database;
  log: Logger;
}

export function createServices({ config, database }: ServiceDeps): Services {
  const { db } = database;
  const sessions = createSessionService({ repo: createSessionRepo(db), ttlMs: config.sessionTtlMs });
  const credits = createCreditService({ repo: createCreditRepo(db) });
  const users = createUserService({ db, users: createUserRepo(db), sessions, credits });
  const projectAccess = createProjectAccess(db);
  return { sessions, users, credits, projectAccess };
}
