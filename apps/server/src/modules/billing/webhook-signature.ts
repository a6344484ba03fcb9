import crypto from 'node:crypto';
import { WebhookSignatureError } from './payment-provider.js';

/** Stripe's tolerance: a signed event older (or newer) than this is refused, so a captured one cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` — Stripe's scheme, used by the sandbox too. */
export function signWebhook(body: string | Buffer, secret: string, at: Date = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = crypto.createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** Throws WebhookSignatureError unless one v1 signature matches and the timestamp is within the tolerance. */
export function verifyWebhook(
  body: Buffer,
  header: string | undefined,
  secret: string,
  now: Date = new Date(),
  toleranceSeconds: number = WEBHOOK_TOLERANCE_SECONDS,
): void {
  if (!header) throw new WebhookSignatureError('Missing Stripe-Signature header.');
  let t: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2).map((s) => s.trim());
    if (key === 't' && value && /^\d+$/.test(value)) t = Number(value);
    else if (key === 'v1' && value) signatures.push(value);
  }
  if (t === null || signatures.length === 0) throw new WebhookSignatureError('Malformed Stripe-Signature header.');
  const expected = Buffer.from(crypto.createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex'), 'utf8');
  const matches = signatures.some((s) => {
    const given = Buffer.from(s, 'utf8');
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError('No signature matches the payload.');
  if (Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) throw new WebhookSignatureError('The signature timestamp is outside the tolerance.');
}
