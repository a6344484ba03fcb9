import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../http/auth-context.js';
import { AppError } from '../../http/errors.js';
import { createMemoryTokenBucketStore, createTokenBucketRule } from '../../rate-limit/token-bucket.js';
import { createSessionCache } from '../session/index.js';
import type { ApiKeyRepo, ApiKeyRow } from './api-key.repo.js';
import { createApiKeyService, type CachedKey } from './api-key.service.js';
import { createUsageCounter } from './usage-counter.js';

const log = pino({ level: 'silent' });
const route = { method: 'GET', path: '/api/user/me' };
const owner = {
  id: 'u1',
  type: 'user',
  vipType: 'business_month',
  vipExpireTime: new Date(Date.now() + 86_400_000),
  credit: 0,
  editorUsed: false,
} as unknown as UserRow;

/** The api_keys table in memory: what two instances sharing one database see. */
function fakeRepo(): ApiKeyRepo {
  const rows: ApiKeyRow[] = [];
  const repo = {
    async insert(r: { id: string; userId: string; name: string; keyHash: string; prefix: string }) {
      const row: ApiKeyRow = { ...r, requestCount: 0, lastUsedAt: null, revokedAt: null, createdAt: new Date() };
      rows.push(row);
      return row;
    },
    listByUser: async (userId: string) => rows.filter((r) => r.userId === userId),
    countLive: async (userId: string) => rows.filter((r) => r.userId === userId && !r.revokedAt).length,
    lockUser: async () => {},
    async findLiveByHash(hash: string) {
      const key = rows.find((r) => r.keyHash === hash && !r.revokedAt);
      return key ? { key, user: owner } : null;
    },
    async revoke(id: string, userId: string, at: Date) {
      const row = rows.find((r) => r.id === id && r.userId === userId);
      if (row) row.revokedAt ??= at;
      return row ?? null;
    },
    addUsage: async () => {},
  };
  return repo;
}

function instance(repo: ApiKeyRepo, store: ReturnType<typeof createMemoryTokenBucketStore>, cacheTtlMs: number) {
  return createApiKeyService({
    repo,
    transact: (work) => work({ apiKeys: repo }),
    sessions: { authenticate: async () => 'invalid' as const },
    limit: createTokenBucketRule(store, { name: 'api-key', ratePerMinute: 600, burst: 100, prefix: 't', log }),
    usage: createUsageCounter({ write: async () => {}, intervalMs: 60_000, log }),
    cache: createSessionCache<CachedKey>({ ttlMs: cacheTtlMs }),
    cacheTtlMs,
  });
}

describe('API key service', () => {
  it('a key cached by one instance stops there as soon as another instance revokes it', async () => {
    const repo = fakeRepo();
    // One shared bucket store stands for Redis; each instance has its own lookup cache.
    const store = createMemoryTokenBucketStore();
    const a = instance(repo, store, 60_000);
    const b = instance(repo, store, 60_000);
    const { key, item } = await a.create(owner, 'k');
    expect(await b.authenticate(key, route)).toMatchObject({ apiKeyId: item.id });
    await a.revoke(owner, item.id);
    // b still holds the lookup in its cache (60 s), yet the key is refused at once.
    expect(await b.authenticate(key, route)).toBe('invalid');
    expect(await a.authenticate(key, route)).toBe('invalid');
    await Promise.all([a.close(), b.close()]);
  });

  it('refuses a key on a call off the allow-list, or with no route, with 403', async () => {
    const service = instance(fakeRepo(), createMemoryTokenBucketStore(), 0);
    const { key } = await service.create(owner, 'k');
    for (const r of [{ method: 'POST', path: '/api/pay/subscribe' }, undefined]) {
      const err = await service.authenticate(key, r).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: 403, message: 'API keys cannot be used for this call.' });
    }
    await service.close();
  });
});
