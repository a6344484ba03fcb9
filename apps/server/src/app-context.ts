import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { CallDef } from '@packsmith/contracts';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Authenticate } from './http/auth-context.js';
import type { registerCall } from './http/call-route.js';
import type { Services } from './services.js';

type Handler<C extends CallDef> = Parameters<typeof registerCall<C>>[3];

/** What route modules receive from the composition root. */
export interface AppContext {
  app: FastifyInstance;
  config: Config;
  database: Database;
  services: Services;
  authenticate: Authenticate;
  log: Logger;
  /** Registers a contract call on the app (validation, auth, envelope). */
  call<C extends CallDef>(call: C, handler: Handler<C>): void;
}
