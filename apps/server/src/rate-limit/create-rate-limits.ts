import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { createLimitRule, createMemoryCounterStore, type CounterStore, type LimitRule } from './rate-limiter.js';
import { createRedisCounterStore } from './redis-counter-store.js';

const HOUR_MS = 3600_000;

/** The abuse limits of the app (docs/SECURITY.md "Rate limits"), each handed to the service that enforces it. */
export interface RateLimits {
  store: CounterStore;
  /** guest_login per client address. */
  guestsPerAddress: LimitRule;
  /** Wrong passwords per account (email, whether or not an account uses it: a lock must not tell). */
  loginFailuresPerAccount: LimitRule;
  /** Wrong passwords and codes per client address, whatever the account. */
  loginFailuresPerAddress: LimitRule;
  codeEmailsPerAddress: LimitRule;
  codeEmailsPerRecipient: LimitRule;
  /** Design requests per client address, and per requester email (each sends that address a confirmation). */
  designRequestsPerAddress: LimitRule;
  designRequestsPerRecipient: LimitRule;
  close(): Promise<void>;
}

/** Counters in Redis when REDIS_URL is set (they hold across API instances), else in this process. */
export function createRateLimits(config: Pick<Config, 'redisUrl' | 'queuePrefix' | 'rateLimits'>, log: Logger): RateLimits {
  const store = config.redisUrl ? createRedisCounterStore(config.redisUrl, log) : createMemoryCounterStore();
  const r = config.rateLimits;
  const rule = (name: string, limit: number, windowMs: number) => createLimitRule(store, { name, limit, windowMs, prefix: config.queuePrefix, log });
  return {
    store,
    guestsPerAddress: rule('guest-ip', r.guestsPerAddressPerHour, HOUR_MS),
    loginFailuresPerAccount: rule('login-account', r.loginFailuresPerAccount, r.loginWindowMs),
    loginFailuresPerAddress: rule('login-ip', r.loginFailuresPerAddress, r.loginWindowMs),
    codeEmailsPerAddress: rule('code-ip', r.codeEmailsPerAddressPerHour, HOUR_MS),
    codeEmailsPerRecipient: rule('code-to', r.codeEmailsPerRecipientPerHour, HOUR_MS),
    designRequestsPerAddress: rule('design-request-ip', r.designRequestsPerAddressPerHour, HOUR_MS),
    designRequestsPerRecipient: rule('design-request-to', r.designRequestsPerRecipientPerHour, HOUR_MS),
    close: () => store.close(),
  };
}
