import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTestServer } from '../apps/server/test/harness.js';
import { startMailCatcher } from './support/mail-catcher.js';
import { startPlanGranter } from './support/plan-granter.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailCatcherUrl: string;
    /** POST /grant {email, plan}: a paid plan for a journey's account (support/plan-granter.ts). */
    planGranterUrl: string;
  }
}

/**
 * Browser journeys run against the real built app served by a real server (embedded database, or
 * PostgreSQL/Redis when TEST_DATABASE_URL/TEST_REDIS_URL are set) with a local mail catcher as SMTP.
 */
export default async function setup(project: TestProject) {
  const dist = path.resolve(import.meta.dirname, '../apps/web/dist/index.html');
  if (!fs.existsSync(dist)) throw new Error('The web app is not built: run `npm run build` first (npm test does it).');
  const mail = await startMailCatcher();
  // One small curated scene per family for the photo shoot journeys, and the first mockup template of
  // each of the 8 categories, small, for the mockup studio's (the harness seeds none by default).
  const server = await startTestServer({
    SMTP_URL: mail.smtpUrl,
    PHOTOSHOOT_TEMPLATES_PER_FAMILY: '1',
    PHOTOSHOOT_TEMPLATE_SIZE: '1024',
    MOCKUP_TEMPLATES_SEED: '8',
    MOCKUP_TEMPLATE_SIZE: '384',
    // The whole design-idea gallery (every brief), small and one design each: ~20 s of background rendering here.
    DESIGN_IDEAS_SEED: 'all',
    DESIGN_IDEAS_SIZE: '256',
    DESIGN_IDEAS_DESIGNS: '1',
  });
  project.provide('baseUrl', server.url);
  project.provide('mailCatcherUrl', mail.httpUrl);
  const granter = await startPlanGranter(server);
  project.provide('planGranterUrl', granter.url);
  console.log(`[e2e] app ${server.url} (${server.mode})`);
  return async () => {
    await granter.close();
    await server.close();
    await mail.close();
  };
}
