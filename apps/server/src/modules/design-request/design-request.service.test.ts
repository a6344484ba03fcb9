import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { DesignRequestInputSchema } from '@packsmith/contracts';
import { userRow } from '../../../test/rows.js';
import type { DesignRequestRepo, DesignRequestRow } from './design-request.repo.js';
import { REFERENCE_PATTERN, createDesignRequestService, newReference, retryDelayMs } from './design-request.service.js';
import type { MailMessage } from './design-request.mail.js';

/** The repository in memory, with the same claim rule as the SQL (pending, due, then leased). */
function memoryRepo() {
  const rows = new Map<string, DesignRequestRow>();
  const repo: DesignRequestRepo = {
    async insert(row) {
      if ([...rows.values()].some((r) => r.reference === row.reference)) throw Object.assign(new Error('duplicate'), { code: '23505' });
      const full = {
        mailSent: [],
        mailAttempts: 0,
        status: 'new',
        mailStatus: 'pending',
        nextMailAt: null,
        lastMailError: null,
        userId: null,
        createdAt: new Date(),
        updatedAt: new Date(),
        ...row,
      };
      rows.set(full.id, full);
      return full;
    },
    async byId(id) {
      return rows.get(id) ?? null;
    },
    async page() {
      return { total: rows.size, items: [...rows.values()] };
    },
    async setStatus(id, status) {
      const r = rows.get(id);
      if (r) r.status = status;
      return r ?? null;
    },
    async claimDue(now, leaseUntil, limit) {
      const due = [...rows.values()].filter((r) => r.mailStatus === 'pending' && r.nextMailAt && r.nextMailAt <= now).slice(0, limit);
      for (const r of due) r.nextMailAt = leaseUntil;
      return due.map((r) => ({ ...r }));
    },
    async addMailSent(id, which) {
      const r = rows.get(id);
      if (r && !r.mailSent.includes(which)) r.mailSent = [...r.mailSent, which];
    },
    async recordMailOutcome(id, outcome) {
      const r = rows.get(id);
      if (r) Object.assign(r, outcome);
    },
  };
  return { repo, rows };
}

const input = DesignRequestInputSchema.parse({
  name: 'Mira',
  email: 'mira@example.com',
  country: 'UK',
  product: 'Tea',
  brand: 'Leafline',
  packaging_type: 'not-sure',
  quantity: 10,
});

describe('design request service', () => {
  it('references: PS-DR-<year>-6 unambiguous characters, random', () => {
    const refs = new Set(Array.from({ length: 200 }, () => newReference(new Date('2027-05-01T00:00:00Z'))));
    for (const r of refs) expect(r).toMatch(REFERENCE_PATTERN);
    expect([...refs][0]?.startsWith('PS-DR-2027-')).toBe(true);
    expect(refs.size).toBe(200);
  });

  it('backs off 1, 5, 15, 60 × base, then 60 × base for good', () => {
    expect([1, 2, 3, 4, 5, 9].map((n) => retryDelayMs(n, 1000))).toEqual([1000, 5000, 15_000, 60_000, 60_000, 60_000]);
  });

  it('when only the studio copy fails, the retry sends the studio copy alone: the requester is never mailed twice', async () => {
    const { repo, rows } = memoryRepo();
    const sent: MailMessage[] = [];
    let studioDown = true;
    let clock = new Date('2026-12-01T10:00:00Z');
    const service = createDesignRequestService({
      repo,
      transact: async () => {
        throw new Error('not used');
      },
      resolveOwnedImage: async () => {
        throw new Error('not used');
      },
      mail: {
        async send(m) {
          if (m.to === 'studio@x.test' && studioDown) throw new Error('connect ECONNREFUSED');
          sent.push(m);
        },
      },
      adminLog: async () => undefined,
      studioEmail: 'studio@x.test',
      retryBaseMs: 1000,
      absoluteUrl: (u) => u,
      log: pino({ level: 'silent' }),
      now: () => clock,
    });
    const { request_id: id } = await service.submit(userRow('g1', { type: 'guest' }), input);
    expect(sent.map((m) => m.to)).toEqual(['mira@example.com']);
    expect(rows.get(id)).toMatchObject({ mailStatus: 'pending', mailSent: ['requester'], mailAttempts: 1, lastMailError: 'connect ECONNREFUSED' });
    expect(rows.get(id)?.nextMailAt?.getTime()).toBe(clock.getTime() + 1000);

    // Not due yet: nothing claimed.
    expect(await service.sweep()).toBe(0);
    clock = new Date(clock.getTime() + 1000);
    expect(await service.sweep()).toBe(1);
    expect(rows.get(id)).toMatchObject({ mailAttempts: 2 });
    expect(rows.get(id)?.nextMailAt?.getTime()).toBe(clock.getTime() + 5000);

    studioDown = false;
    clock = new Date(clock.getTime() + 5000);
    expect(await service.sweep()).toBe(1);
    expect(rows.get(id)).toMatchObject({ mailStatus: 'sent', nextMailAt: null, lastMailError: null, mailAttempts: 3 });
    expect(sent.map((m) => m.to)).toEqual(['mira@example.com', 'studio@x.test']);
    expect(sent[1]?.subject).toContain(rows.get(id)?.reference);
    clock = new Date(clock.getTime() + 3_600_000);
    expect(await service.sweep()).toBe(0);
    expect(sent).toHaveLength(2);
  });

  it('draws another reference on a unique conflict', async () => {
    const { repo } = memoryRepo();
    let inserts = 0;
    const clashing: DesignRequestRepo = {
      ...repo,
      async insert(row) {
        inserts++;
        if (inserts === 1) throw Object.assign(new Error('duplicate key'), { cause: { code: '23505' } });
        return repo.insert(row);
      },
    };
    const service = createDesignRequestService({
      repo: clashing,
      transact: async () => {
        throw new Error('not used');
      },
      resolveOwnedImage: async () => {
        throw new Error('not used');
      },
      mail: { send: async () => undefined },
      adminLog: async () => undefined,
      studioEmail: 's@x.test',
      retryBaseMs: 1000,
      absoluteUrl: (u) => u,
      log: pino({ level: 'silent' }),
    });
    const r = await service.submit(userRow('g1'), input);
    expect(r.reference).toMatch(REFERENCE_PATTERN);
    expect(inserts).toBe(2);
  });
});
