import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from './payment-provider.js';
import { WEBHOOK_TOLERANCE_SECONDS, signWebhook, verifyWebhook } from './webhook-signature.js';

const secret = 'whsec_test';
const body = Buffer.from(JSON.stringify({ id: 'evt_1', type: 'invoice.paid' }));
const t0 = new Date('2026-06-01T12:00:00Z');

describe("webhook signatures (Stripe's scheme)", () => {
  it('verifies what it signed', () => {
    expect(() => verifyWebhook(body, signWebhook(body, secret, t0), secret, t0)).not.toThrow();
  });

  it('accepts one matching v1 among several (Stripe sends one per active secret while rolling)', () => {
    const good = signWebhook(body, secret, t0);
    const t = good.split(',')[0];
    expect(() => verifyWebhook(body, `${t},v1=${'0'.repeat(64)},${good.split(',')[1]}`, secret, t0)).not.toThrow();
  });

  it.each([
    ['a missing header', undefined],
    ['a malformed header', 'nonsense'],
    ['another secret', signWebhook(body, 'whsec_other', t0)],
    ['another body', signWebhook(Buffer.from('{"id":"evt_2"}'), secret, t0)],
  ])('refuses %s', (_label, header) => {
    expect(() => verifyWebhook(body, header, secret, t0)).toThrow(WebhookSignatureError);
  });

  it('accepts up to the tolerance either side and refuses past it', () => {
    const header = signWebhook(body, secret, t0);
    const within = new Date(t0.getTime() + WEBHOOK_TOLERANCE_SECONDS * 1000);
    const past = new Date(t0.getTime() + (WEBHOOK_TOLERANCE_SECONDS + 1) * 1000);
    expect(() => verifyWebhook(body, header, secret, within)).not.toThrow();
    expect(() => verifyWebhook(body, header, secret, new Date(t0.getTime() - WEBHOOK_TOLERANCE_SECONDS * 1000))).not.toThrow();
    expect(() => verifyWebhook(body, header, secret, past)).toThrow(/tolerance/);
  });
});
