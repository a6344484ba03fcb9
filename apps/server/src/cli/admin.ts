import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { ConfigError, loadConfig } from '../config.js';
import { USAGE, UsageError, parse, type Parsed } from './admin-args.js';
import { openDatabase, type Database } from '../db/client.js';
import { DataDirLockedError, acquireDataDirLock, type DataDirLock } from '../db/data-dir-lock.js';
import { loadAppSecret } from '../lib/app-secret.js';
import { AdminAction, createAdminService } from '../modules/admin/index.js';
import { createBilling } from '../modules/billing/index.js';
import { createCreditService } from '../modules/credits/index.js';
import { createMailService } from '../modules/mail/index.js';
import { createRedeemService } from '../modules/redeem/index.js';
import { toUserDto } from '../modules/user/index.js';
import { AppError } from '../http/errors.js';
import type { Config } from '../config.js';
import { createLimitRule, createMemoryCounterStore } from '../rate-limit/rate-limiter.js';
import { createRepositories, createTransact } from '../repositories.js';

/** Who the admin log says did a CLI change: the operator's login on this machine. */
function cliActor(): string {
  let name = 'unknown';
  try {
    name = os.userInfo().username;
  } catch {
    // No passwd entry (some containers): the log still says it came from the CLI.
  }
  return `cli:${name}`;
}

async function run(args: Parsed, database: Database, config: Config): Promise<number> {
  const { db } = database;
  const log = pino({ level: 'warn' }, pino.destination(2));
  const repos = createRepositories(db);
  const transact = createTransact(db);
  const credits = createCreditService({ repo: repos.credits });
  const mail = createMailService({ repo: repos.mail, log, smtpUrl: null, from: '' });
  // Plans and promotion codes go through the billing module as on the server (with Stripe on, a
  // promotion code is mirrored there and ending a plan cancels the subscription there).
  const billing = createBilling({
    payments: config.payments,
    appSecret: loadAppSecret(config),
    repo: repos.billing,
    sandboxRepo: repos.sandbox,
    users: repos.users,
    transact,
    credits,
    log,
  });
  // The CLI only makes codes; nobody types a code here, so the guessing limit is off (0).
  const noLimit = createLimitRule(createMemoryCounterStore(), { name: 'cli', limit: 0, windowMs: 1, prefix: 'cli', log });
  const redeem = createRedeemService<typeof repos>({ repo: repos.redeemCodes, transact, credits, planGrants: billing.planGrants, attempts: noLimit });
  const admin = createAdminService<typeof repos>({ repo: repos.admin, transact, redeem, planGrants: billing.planGrants, promotions: billing.promotions });
  const actor = cliActor();

  if (args.command === 'code') {
    const r = await admin.createRedeemCodes(actor, {
      kind: args.kind,
      credits: args.credits,
      vip_type: args.plan,
      days: args.days,
      count: args.count,
      source: args.source,
    });
    const what =
      args.kind === 'credits'
        ? `${args.credits} credits`
        : args.kind === 'plan'
          ? `${args.plan} for ${args.days === null ? 'one billing period' : `${args.days} days`}`
          : `${args.plan} for life`;
    console.log(`Created ${r.codes.length} redeem code${r.codes.length === 1 ? '' : 's'} (${what}, source ${args.source}); shown this once:`);
    for (const code of r.codes) console.log(code);
    return 0;
  }
  if (args.command === 'promo') {
    const p = await admin.createPromotionCode(actor, {
      code: args.code,
      percent_off: args.percent,
      vip_types: args.plans,
      expires_at: args.expiresAt?.getTime() ?? null,
      max_redemptions: args.max,
    });
    const plans = p.vip_types.length === 0 ? 'every plan' : p.vip_types.join(', ');
    const until = p.expires_at === null ? 'no expiry' : `until ${new Date(p.expires_at).toISOString()}`;
    console.log(`Created promotion code ${p.code}: ${p.percent_off}% off ${plans}, ${until}, ${p.max_redemptions ?? 'unlimited'} uses.`);
    return 0;
  }
  if (args.command === 'outbox') {
    const rows = await mail.latestFor(args.email, 5);
    if (rows.length === 0) {
      console.log(`No mail for ${args.email} in the outbox.`);
      return 0;
    }
    for (const row of rows) {
      console.log(`--- ${row.createdAt.toISOString()} (${row.sentVia}) ${row.subject}\n${row.text}\n`);
    }
    return 0;
  }

  const user = await repos.users.findByEmail(args.email);
  if (!user) {
    console.error(`No account uses ${args.email}.`);
    return 1;
  }
  if (args.command === 'make-admin') {
    if (user.type !== 'user') {
      console.error(`${args.email} is not a registered account.`);
      return 1;
    }
    await transact(async (tx) => {
      await tx.users.update(user.id, { isAdmin: args.on });
      await tx.admin.logAction({ adminUserId: actor, action: AdminAction.setAdmin, targetUserId: user.id, details: { email: args.email, is_admin: args.on } });
    });
    console.log(args.on ? `${args.email} is now an admin: the account menu shows Admin (/admin).` : `${args.email} is no longer an admin.`);
    return 0;
  }
  if (args.command === 'grant' && args.plan) {
    // As the admin page's grant: one period of the plan, its monthly credits, logged in the same transaction.
    const r = await admin.grantPlan(actor, { user_id: user.id, vip_type: args.plan, reason: 'admin CLI grant' });
    const until = r.vip_expire_time === null ? 'no end' : new Date(r.vip_expire_time).toISOString();
    console.log(`Granted ${args.plan} to ${args.email} until ${until}; +${r.credit - user.credit} credits (balance ${r.credit}).`);
    return 0;
  }
  if (args.command === 'revoke') {
    await admin.endPlan(actor, { user_id: user.id, reason: 'admin CLI revoke' });
    const after = (await repos.users.findById(user.id)) ?? user;
    console.log(`Revoked the membership of ${args.email}: now normal, ${after.credit} credits kept.`);
    return 0;
  }
  const dto = toUserDto(user);
  const ledger = (await credits.entries(user.id)).slice(-10).map((e) => ({
    at: e.createdAt.toISOString(),
    delta: e.delta,
    balance: e.balanceAfter,
    reason: e.reason,
    ref: e.refId,
  }));
  const shown = {
    user_id: dto.user_id,
    email: dto.email,
    type: dto.type,
    vip_type: dto.vip_type,
    vip_expire_time: dto.vip_expire_time === null ? null : new Date(dto.vip_expire_time).toISOString(),
    credit: dto.credit,
    is_admin: dto.is_admin,
    editor_used: dto.editor_used,
    created_at: new Date(dto.created_at).toISOString(),
    ledger,
  };
  console.log(JSON.stringify(shown, null, 2));
  return 0;
}

async function main(): Promise<void> {
  let args: Parsed;
  try {
    args = parse(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`${err.message}\n\n${USAGE}`);
    process.exit(2);
  }
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  // The embedded database belongs to one process: writing it beside a running server would be lost
  // (the server never sees it and overwrites it). PostgreSQL is shared, so no lock there.
  let lock: DataDirLock | null = null;
  if (!config.databaseUrl) {
    try {
      lock = acquireDataDirLock(config.dataDir, 'admin CLI');
    } catch (err) {
      if (!(err instanceof DataDirLockedError)) throw err;
      const who = err.holder.role === 'server' ? 'The Packsmith server' : `Another Packsmith ${err.holder.role}`;
      console.error(
        `${who} (pid ${err.holder.pid}${err.holder.url ? ` on ${err.holder.url}` : ''}) is using DATA_DIR ${config.dataDir}.\n` +
          'The embedded database belongs to one process, so nothing was changed. Stop the server first, run this command, ' +
          'then start the server again (with DATABASE_URL/PostgreSQL both may run at once).',
      );
      process.exit(3);
    }
  }
  let code: number;
  try {
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'db'),
      onInitialise: () => console.error('creating a new embedded database (first start only, ~7 s)…'),
    });
    try {
      code = await run(args, database, config);
    } catch (err) {
      // A refusal in words (a code that exists, a plan code without its plan): said, exit 1.
      if (!(err instanceof AppError)) throw err;
      console.error(err.message);
      code = 1;
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
  process.exit(code);
}

void main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
