import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, Msg, billingCalls, ideaCalls, type CallDef } from '@packsmith/contracts';
import { TestClient, newGuest } from '../../../test/client.js';
import { registeredUser } from '../../../test/accounts.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { createUserRepo } from '../user/index.js';

let server: TestServer;
let admin: { id: string; client: TestClient };
let member: { id: string; client: TestClient };

// Billing's admin calls and the design-idea curation (factory curation has its own loop in factory.int.test.ts).
const ADMIN_CALLS = [...Object.values(billingCalls as Record<string, unknown>), ...Object.values(ideaCalls as Record<string, unknown>)].filter(
  (v): v is CallDef => typeof v === 'object' && v !== null && 'path' in v && typeof v.path === 'string' && v.path.startsWith('/api/admin/'),
);

async function makeAdmin(userId: string): Promise<void> {
  await createUserRepo(server.built.database.db).update(userId, { isAdmin: true });
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await registeredUser(server);
  member = await registeredUser(server);
  await makeAdmin(admin.id);
}, 60_000);
afterAll(async () => server?.close());

describe('the admin guard', () => {
  it('covers the thirteen billing admin calls and the two design-idea ones', () => {
    expect(ADMIN_CALLS).toHaveLength(15);
  });

  it('answers 403 with the words to a signed-in non-admin on every admin call, before reading the input', async () => {
    for (const call of ADMIN_CALLS) {
      // No input at all: a non-admin must get 403, not a validation message about the call's shape.
      const r = await member.client.call(call.method, call.path, call.method === 'GET' ? undefined : {});
      expect({ path: call.path, code: r.code, msg: r.msg }).toEqual({ path: call.path, code: Code.FORBIDDEN, msg: Msg.forbidden });
      expect(r.data).toBeNull();
    }
  });

  it('answers 401 to guests and to callers without a session', async () => {
    const guest = await newGuest(server.url);
    const anonymous = new TestClient(server.url);
    for (const call of ADMIN_CALLS) {
      expect((await guest.call(call.method, call.path, call.method === 'GET' ? undefined : {})).code).toBe(Code.UNAUTHORIZED);
      expect((await anonymous.call(call.method, call.path, call.method === 'GET' ? undefined : {})).code).toBe(Code.UNAUTHORIZED);
    }
  });

  it('takes effect at once when is_admin is cleared (read fresh, not from the session cache)', async () => {
    const other = await registeredUser(server);
    await makeAdmin(other.id);
    expect((await other.client.get('/api/admin/users')).code).toBe(0);
    await createUserRepo(server.built.database.db).update(other.id, { isAdmin: false });
    expect((await other.client.get('/api/admin/users')).code).toBe(Code.FORBIDDEN);
  });

  it('shows is_admin on /api/user/me, which the web uses for the Admin menu entry', async () => {
    expect((await admin.client.get<{ is_admin: boolean }>('/api/user/me')).data?.is_admin).toBe(true);
    expect((await member.client.get<{ is_admin: boolean }>('/api/user/me')).data?.is_admin).toBe(false);
  });
});

interface AdminUserDto {
  user_id: string;
  email: string | null;
  credit: number;
  vip_type: string;
  is_admin: boolean;
}
interface ActionDto {
  id: number;
  admin_user_id: string;
  admin_email: string | null;
  action: string;
  target_user_id: string | null;
  details: Record<string, unknown>;
}

describe('admin: users and credits', () => {
  it('finds users by part of their email, any case, and by id', async () => {
    const me = await member.client.get<{ email: string }>('/api/user/me');
    const email = me.data?.email ?? '';
    const part = email.slice(0, 6).toUpperCase();
    const found = await admin.client.get<{ total: number; items: AdminUserDto[] }>('/api/admin/users', { q: part });
    expect(found.code, found.msg).toBe(0);
    expect(found.data?.items.map((u) => u.user_id)).toContain(member.id);
    const byId = await admin.client.get<{ total: number; items: AdminUserDto[] }>('/api/admin/users', { q: member.id });
    expect(byId.data?.items).toEqual([expect.objectContaining({ user_id: member.id, email, credit: 100, vip_type: 'normal', is_admin: false })]);
    const none = await admin.client.get<{ total: number; items: AdminUserDto[] }>('/api/admin/users', { q: 'no-such-person-%_' });
    expect(none.data).toEqual({ total: 0, items: [] });
  });

  it('adjusts credits through the ledger with the reason, logged with who did it, in one transaction', async () => {
    const r = await admin.client.post<{ credit: number }>('/api/admin/credits', { user_id: member.id, delta: 250, reason: 'Refund for a failed render' });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toEqual({ credit: 350 });
    expect((await member.client.get<{ credit: number }>('/api/user/me')).data?.credit).toBe(350);

    const actions = await admin.client.get<{ items: ActionDto[] }>('/api/admin/actions');
    const entry = actions.data?.items.find((a) => a.action === 'credits.adjust' && a.target_user_id === member.id);
    expect(entry).toMatchObject({ admin_user_id: admin.id, details: { delta: 250, reason: 'Refund for a failed render' } });
    expect(entry?.admin_email).toMatch(/@example\.test$/);

    const detail = await admin.client.get<{ user: AdminUserDto; ledger: { delta: number; reason: string; label: string; ref_id: string }[] }>(
      '/api/admin/user',
      {
        user_id: member.id,
      },
    );
    expect(detail.code, detail.msg).toBe(0);
    expect(detail.data?.user.credit).toBe(350);
    expect(detail.data?.ledger[0]).toMatchObject({ delta: 250, reason: 'admin_adjust', label: 'Adjusted by support', ref_id: String(entry?.id) });
  });

  it('refuses a change below zero in words, changes nothing and logs nothing', async () => {
    const before = (await admin.client.get<{ total: number }>('/api/admin/actions')).data?.total;
    const r = await admin.client.post('/api/admin/credits', { user_id: member.id, delta: -10_000, reason: 'Too much' });
    expect(r).toMatchObject({ code: Code.BAD_REQUEST, msg: 'This user has 350 credits: the change would take the balance below zero.' });
    expect((await member.client.get<{ credit: number }>('/api/user/me')).data?.credit).toBe(350);
    expect((await admin.client.get<{ total: number }>('/api/admin/actions')).data?.total).toBe(before);
    const down = await admin.client.post<{ credit: number }>('/api/admin/credits', { user_id: member.id, delta: -50, reason: 'Correction' });
    expect(down.data).toEqual({ credit: 300 });
  });

  it('answers 404 for an unknown user and 400 for a bad input (as an admin)', async () => {
    expect((await admin.client.get('/api/admin/user', { user_id: 'nobody' })).code).toBe(Code.NOT_FOUND);
    expect((await admin.client.post('/api/admin/credits', { user_id: 'nobody', delta: 5, reason: 'why not' })).code).toBe(Code.NOT_FOUND);
    expect((await admin.client.post('/api/admin/credits', { user_id: member.id, delta: 0, reason: 'zero' })).code).toBe(Code.BAD_REQUEST);
  });

  it('lists cancellations and payment events (empty on a new server)', async () => {
    expect((await admin.client.get('/api/admin/cancellations')).data).toEqual({ total: 0, items: [] });
    expect((await admin.client.get('/api/admin/payment_events')).data).toEqual({ total: 0, items: [] });
  });
});

describe('admin: redeem codes', () => {
  it('creates credits codes shown once, lists them by hint, and logs the creation without the codes', async () => {
    const r = await admin.client.post<{
      codes: string[];
      items: { id: string; hint: string; kind: string; credits: number; source: string; redeemed_at: number | null }[];
    }>('/api/admin/redeem_codes', { kind: 'credits', credits: 40, count: 3, source: 'newsletter' });
    expect(r.code, r.msg).toBe(0);
    expect(r.data?.codes).toHaveLength(3);
    for (const code of r.data?.codes ?? []) expect(code).toMatch(/^PS-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(r.data?.items.map((i) => i.hint)).toEqual(r.data?.codes.map((c) => c.slice(-4)));
    expect(r.data?.items[0]).toMatchObject({ kind: 'credits', credits: 40, source: 'newsletter', redeemed_at: null });

    const list = await admin.client.get<{ total: number; items: { id: string }[] }>('/api/admin/redeem_codes');
    expect(list.data?.total).toBe(3);
    const logged = (await admin.client.get<{ items: ActionDto[] }>('/api/admin/actions')).data?.items.find((a) => a.action === 'redeem_codes.create');
    expect(logged).toMatchObject({ admin_user_id: admin.id, details: { kind: 'credits', count: 3, credits: 40, source: 'newsletter' } });
    expect(JSON.stringify(logged)).not.toContain(r.data?.codes[0]?.slice(3, 12));

    // Used: the list says by whom.
    expect((await member.client.post('/api/redeemCode/use', { code: r.data?.codes[0] ?? '' })).code).toBe(0);
    const after = await admin.client.get<{ items: { id: string; redeemed_by: string | null }[] }>('/api/admin/redeem_codes');
    expect(after.data?.items.find((i) => i.id === r.data?.items[0]?.id)?.redeemed_by).toBe(member.id);
  });

  it('refuses a credits code without credits, or a plan code without a plan, in words', async () => {
    expect(await admin.client.post('/api/admin/redeem_codes', { kind: 'credits', credits: 0 })).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: 'A credits code needs a number of credits above zero.',
    });
    expect(await admin.client.post('/api/admin/redeem_codes', { kind: 'plan', days: 30 })).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: 'Choose the plan the code grants.',
    });
  });
});

describe('admin: plans and promotion codes (through the billing ports)', () => {
  it('grants a plan for some days with its credits, logged with who and why; ends it with credits kept', async () => {
    const target = await registeredUser(server);
    const r = await admin.client.post<{ vip_type: string; vip_expire_time: number; credit: number }>('/api/admin/plan', {
      user_id: target.id,
      vip_type: 'business_month',
      days: 5,
      reason: 'Trial for a partner',
    });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ vip_type: 'business_month', credit: 3600 });
    const days = ((r.data?.vip_expire_time ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(4.9);
    expect(days).toBeLessThan(5.1);
    expect((await target.client.get<{ vip_type: string }>('/api/user/me')).data?.vip_type).toBe('business_month');
    const detail = await admin.client.get<{ subscriptions: { source: string; vip_type: string }[] }>('/api/admin/user', { user_id: target.id });
    expect(detail.data?.subscriptions[0]).toMatchObject({ source: 'admin', vip_type: 'business_month' });

    const ended = await admin.client.post<{ vip_type: string }>('/api/admin/plan/end', { user_id: target.id, reason: 'Trial over' });
    expect(ended.code, ended.msg).toBe(0);
    expect(ended.data?.vip_type).toBe('normal');
    expect((await target.client.get<{ vip_type: string; credit: number }>('/api/user/me')).data).toMatchObject({ vip_type: 'normal', credit: 3600 });

    const log = (await admin.client.get<{ items: ActionDto[] }>('/api/admin/actions')).data?.items.filter((a) => a.target_user_id === target.id) ?? [];
    expect(log.map((a) => [a.action, a.admin_user_id, a.details.reason])).toEqual([
      ['plan.end', admin.id, 'Trial over'],
      ['plan.grant', admin.id, 'Trial for a partner'],
    ]);
  });

  it('creates a promotion code that checkout accepts, lists it, switches it off (then checkout refuses it), all logged', async () => {
    const created = await admin.client.post<{ id: string; code: string; percent_off: number; vip_types: string[]; active: boolean }>(
      '/api/admin/promotion_codes',
      {
        code: 'Admin15',
        percent_off: 15,
        vip_types: ['pro_month', 'pro_year'],
        max_redemptions: 10,
      },
    );
    expect(created.code, created.msg).toBe(0);
    expect(created.data).toMatchObject({ code: 'ADMIN15', percent_off: 15, vip_types: ['pro_month', 'pro_year'], active: true });
    expect((await admin.client.post('/api/admin/promotion_codes', { code: 'admin15', percent_off: 5 })).code).toBe(Code.BAD_REQUEST);

    const check = () =>
      member.client.post<{ valid: boolean; percent_off: number | null }>('/api/pay/validPromotionCode', { promotionCode: 'ADMIN15', vip_type: 'pro_month' });
    expect((await check()).data).toMatchObject({ valid: true, percent_off: 15 });
    const list = await admin.client.get<{ items: { code: string }[] }>('/api/admin/promotion_codes');
    expect(list.data?.items.map((p) => p.code)).toContain('ADMIN15');

    const off = await admin.client.post<{ active: boolean }>('/api/admin/promotion_codes/active', { id: created.data?.id ?? '', active: false });
    expect(off.data?.active).toBe(false);
    expect((await check()).data?.valid).toBe(false);
    expect((await admin.client.post('/api/admin/promotion_codes/active', { id: 'nope', active: true })).code).toBe(Code.NOT_FOUND);

    const actions = (await admin.client.get<{ items: ActionDto[] }>('/api/admin/actions')).data?.items ?? [];
    expect(actions.find((a) => a.action === 'promotion_code.create')).toMatchObject({ admin_user_id: admin.id, details: { code: 'ADMIN15', percent_off: 15 } });
    expect(actions.find((a) => a.action === 'promotion_code.set_active')).toMatchObject({
      admin_user_id: admin.id,
      details: { code: 'ADMIN15', active: false },
    });
  });

  it('creates lifetime codes for the oncely page', async () => {
    const r = await admin.client.post<{ codes: string[]; items: { kind: string; vip_type: string; credits: number; source: string }[] }>(
      '/api/admin/redeem_codes',
      {
        kind: 'lifetime',
        vip_type: 'pro_month',
        count: 2,
        source: 'oncely',
      },
    );
    expect(r.code, r.msg).toBe(0);
    expect(r.data?.items.map((i) => [i.kind, i.vip_type, i.source])).toEqual([
      ['lifetime', 'pro_month', 'oncely'],
      ['lifetime', 'pro_month', 'oncely'],
    ]);
    const used = await member.client.post<{ kind: string; vip_type: string }>('/api/redeemCode/use', { code: r.data?.codes[1] ?? '' });
    expect(used.data).toMatchObject({ kind: 'lifetime', vip_type: 'pro_month' });
  });
});
