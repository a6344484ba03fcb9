import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { s3PublicBases } from '../storage/s3-storage.js';

/** Google Identity Services (one-tap): its script, stylesheet and iframe all live below this path. */
const GOOGLE_GSI = 'https://accounts.google.com/gsi/';
/**
 * Stripe.js and its Elements iframes (card fields, 3-D Secure) when Stripe takes the payments; the
 * origins Stripe documents for its CSP. The sandbox needs none of them.
 */
const STRIPE_SCRIPT = 'https://js.stripe.com';
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_API = 'https://api.stripe.com';
/** Where Google account pictures (stored as a user's avatar at Google sign-in) are served from. */
const GOOGLE_AVATARS = 'https://*.googleusercontent.com';

/** Browser features no screen of ours uses: a script that slipped in cannot ask for them either. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=()';

/** Origins serving our stored files when they are not on our own origin (S3 bucket, CDN). */
function storageOrigins(config: Config): string[] {
  if (!config.s3) return [];
  return [...new Set(s3PublicBases(config.s3).map((base) => new URL(base).origin))];
}

/**
 * The Content-Security-Policy of the app and the API (docs/SECURITY.md "Browser headers").
 * Only our own scripts and styles run: the built index.html has no inline script (so no hashes
 * are needed), and React sets `style={…}` through the CSSOM, which CSP does not govern, so
 * style-src stays without 'unsafe-inline'. Google's one-tap origin is allowed only when Google
 * sign-in is configured.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const google = config.googleClientIdForOneTap !== null;
  const stripe = config.payments.provider === 'stripe';
  const storage = storageOrigins(config);
  const https = config.publicUrl?.startsWith('https://') ?? false;
  // 'self' covers same-origin ws:/wss: in CSP Level 3 browsers; the explicit socket URL serves older ones.
  const socket = config.publicUrl ? [`${https ? 'wss' : 'ws'}://${new URL(config.publicUrl).host}/io/`] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'script-src': ["'self'", ...(google ? [`${GOOGLE_GSI}client`] : []), ...(stripe ? [STRIPE_SCRIPT] : [])],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", ...(google ? [`${GOOGLE_GSI}style`] : [])],
    // blob: previews of picked files and canvas exports; data: the favicon and placeholder avatars.
    'img-src': ["'self'", 'data:', 'blob:', ...storage, ...(google ? [GOOGLE_AVATARS] : [])],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    // The canvas and downloads may fetch our stored images, which live on the bucket or CDN at scale.
    'connect-src': ["'self'", ...socket, ...storage, ...(google ? [GOOGLE_GSI] : []), ...(stripe ? [STRIPE_API] : [])],
    'frame-src': google || stripe ? [...(google ? [GOOGLE_GSI] : []), ...(stripe ? STRIPE_FRAMES : [])] : ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
  // Only where the site is served over https: on plain-http hosts (a LAN IP) it would break every asset.
  if (https) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** Helmet-class headers on every answer: the app, the API, static assets and local files. */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.publicUrl?.startsWith('https://') ?? false;
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // Same-origin stays the rule; the local /files/ route opts its images out (they carry ACAO *).
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Google's one-tap talks to its popup; without Google nothing needs a cross-origin opener.
    crossOriginOpenerPolicy: { policy: config.googleClientIdForOneTap ? 'same-origin-allow-popups' : 'same-origin' },
    crossOriginEmbedderPolicy: false,
    // HSTS only for an https PUBLIC_URL, and without includeSubDomains: sibling hosts are not ours to pin.
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
  });
  // Helmet 8 has no Permissions-Policy; set on the raw response like helmet's own headers, so a
  // route's reply.header() still wins.
  app.addHook('onRequest', async (_request, reply) => {
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
  });
}
