// Billing figures on the embedded defaults (in-process server, PGlite, the payment sandbox):
// - webhook handling: POST /api/pay/webhook round trips for new subscription.updated events, new
//   invoice.paid events (a payment row and the period's credits through the ledger) and replays;
// - the membership check every gated call runs: the pure gate (ns per check), and a gated call that
//   passes (POST /api/user/api_access as a Business member) against the ungated GET /api/user/me,
//   alternated A B A B so machine noise hits both alike.
import { tsImport } from 'tsx/esm/api';
import { stats } from './lib.mjs';

const time = async (fn) => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};
const fmt = (s) => `p50 ${s.median.toFixed(1)} / p95 ${s.p95.toFixed(1)} / max ${s.max.toFixed(1)} ms (n=${s.n})`;

function pureGateNs(m) {
  const now = Date.now();
  const subjects = [
    { type: 'user', vip_type: 'business_month', vip_expire_time: now + 86_400_000, credit: 3500 },
    { type: 'user', vip_type: 'pro_year', vip_expire_time: now + 86_400_000, credit: 900 },
    { type: 'user', vip_type: 'business_year', vip_expire_time: now - 1, credit: 10 },
    { type: 'guest', vip_type: 'normal', vip_expire_time: null, credit: 100 },
  ];
  let ok = 0;
  for (let i = 0; i < 200_000; i++) if (m.canUseBusinessFeature(subjects[i & 3], now).ok) ok++;
  const n = 2_000_000;
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const s = subjects[i & 3];
    if (m.canUseBusinessFeature(s, now).ok) ok++;
    if (m.canDownload(s, now).ok) ok++;
  }
  return { ns: Number(process.hrtime.bigint() - t) / (2 * n), ok };
}

export default async function billingBench({
  events = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 200),
  calls = Number(process.env.BENCH_GATE_CALLS ?? 2000),
} = {}) {
  const membership = await tsImport('../packages/contracts/src/membership.ts', import.meta.url);
  const { startTestServer } = await tsImport('../apps/server/test/harness.ts', import.meta.url);
  const { registeredUser } = await tsImport('../apps/server/test/accounts.ts', import.meta.url);
  const { createBillingRepo } = await tsImport('../apps/server/src/modules/billing/billing.repo.ts', import.meta.url);
  const pure = pureGateNs(membership);
  const server = await startTestServer({ PAYMENT_PROVIDER: 'sandbox' });
  try {
    const sandbox = server.built.services.billing.sandbox;
    const post = (body) =>
      fetch(`${server.url}/api/pay/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': sandbox.sign(body) },
        body,
      }).then(async (r) => {
        const j = await r.json();
        if (r.status !== 200) throw new Error(`webhook answered ${r.status}: ${JSON.stringify(j)}`);
        return j.data?.outcome;
      });

    const { id, client } = await registeredUser(server);
    const sub = await client.post('/api/pay/subscribe', { type: 'business_month', paymentMethodId: 'pm_card_visa' });
    if (sub.code !== 0) throw new Error(`subscribe failed: ${sub.msg}`);
    const subId = (await createBillingRepo(server.built.database.db).runningSubscriptions(id))[0].providerSubscriptionId;

    // New subscription.updated events (each applied: a newer provider time each).
    const updated = [];
    const base = Date.now() + 60_000;
    for (let i = 0; i < events; i++) {
      const body = await sandbox.eventBody('customer.subscription.updated', subId, { created: new Date(base + i * 1000) });
      updated.push(await time(() => post(body)));
    }
    // New invoice.paid events: each a next period with its credits (payment row + ledger entry).
    const paidTemplate = JSON.parse(await sandbox.eventBody('invoice.paid', subId, {}));
    const paid = [];
    let start = paidTemplate.data.object.period_end;
    let replayBody = '';
    for (let i = 0; i < Math.min(events, 100); i++) {
      const e = structuredClone(paidTemplate);
      e.id = `evt_bench_paid_${i}_${Date.now()}`;
      e.data.object = {
        ...e.data.object,
        id: `in_bench_${i}_${Date.now()}`,
        billing_reason: 'subscription_cycle',
        period_start: start,
        period_end: start + 31 * 86_400,
      };
      start += 31 * 86_400;
      const body = JSON.stringify(e);
      replayBody = body;
      paid.push(await time(() => post(body)));
    }
    // Replays of an event already applied: the stored event id makes them no-ops.
    const replays = [];
    for (let i = 0; i < events; i++) replays.push(await time(() => post(replayBody)));

    // A gated call that passes (Business member) against an ungated one, alternated.
    const gatedOk = await client.post('/api/user/api_access', {});
    if (gatedOk.code !== 0) throw new Error(`api_access refused: ${gatedOk.msg}`);
    const gated = [];
    const ungated = [];
    for (let i = 0; i < 200; i++) await client.get('/api/user/me');
    for (let i = 0; i < calls; i++) {
      gated.push(await time(() => client.post('/api/user/api_access', {})));
      ungated.push(await time(() => client.get('/api/user/me')));
    }
    const su = stats(updated);
    const sp = stats(paid);
    const sr = stats(replays);
    const sg = stats(gated);
    const sn = stats(ungated);
    return {
      name: 'Billing: webhook handling and the membership check',
      figures: {
        'webhook subscription.updated (applied)': fmt(su),
        'webhook invoice.paid (payment + credits)': fmt(sp),
        'webhook replay (no-op)': fmt(sr),
        'membership gate alone': `${pure.ns.toFixed(0)} ns per check`,
        'gated call (api_access, passes)': fmt(sg),
        'ungated call (GET /api/user/me)': fmt(sn),
        'gated − ungated, p50': `${(sg.median - sn.median).toFixed(2)} ms`,
      },
      aim: 'a webhook applied in under 50 ms p95; the gate under 1 µs',
      pass: su.p95 < 50 && sp.p95 < 50 && pure.ns < 1000,
    };
  } finally {
    await server.close();
  }
}
