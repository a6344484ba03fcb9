import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { contentSecurityPolicy } from './security-headers.js';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/packsmith-csp' } as const;

describe('contentSecurityPolicy', () => {
  it('allows the bucket and CDN origins for images (not their paths), and nothing else foreign', () => {
    const csp = contentSecurityPolicy(
      loadConfig({ ...base, S3_BUCKET: 'packs', S3_REGION: 'eu-west-1', CDN_BASE_URL: 'https://cdn.packsmith.example/assets' }),
    );
    expect(csp['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://cdn.packsmith.example',
      'https://packs.s3.eu-west-1.amazonaws.com',
      'https://s3.eu-west-1.amazonaws.com',
    ]);
    expect(csp['connect-src']).toContain('https://cdn.packsmith.example');
    expect(csp['script-src']).toEqual(["'self'"]);
  });

  it("allows Google's one-tap script, style, frame and avatars only when Google sign-in is configured", () => {
    const off = contentSecurityPolicy(loadConfig(base));
    expect(JSON.stringify(off)).not.toContain('google');
    expect(off['frame-src']).toEqual(["'none'"]);
    const on = contentSecurityPolicy(loadConfig({ ...base, OAUTH_GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' }));
    expect(on['script-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/client']);
    expect(on['style-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/style']);
    expect(on['frame-src']).toEqual(['https://accounts.google.com/gsi/']);
    expect(on['img-src']).toContain('https://*.googleusercontent.com');
  });

  it('allows Stripe.js, its frames and its API only when Stripe takes the payments', () => {
    const sandbox = contentSecurityPolicy(loadConfig(base));
    expect(JSON.stringify(sandbox)).not.toContain('stripe');
    const stripe = contentSecurityPolicy(
      loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }),
    );
    expect(stripe['script-src']).toEqual(["'self'", 'https://js.stripe.com']);
    expect(stripe['frame-src']).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(stripe['connect-src']).toContain('https://api.stripe.com');
  });

  it('names the socket URL and upgrades requests only for an https PUBLIC_URL', () => {
    const csp = contentSecurityPolicy(loadConfig({ ...base, PUBLIC_URL: 'https://app.packsmith.example' }));
    expect(csp['connect-src']).toEqual(["'self'", 'wss://app.packsmith.example/io/']);
    expect(csp['upgrade-insecure-requests']).toEqual([]);
    expect(contentSecurityPolicy(loadConfig({ ...base, PUBLIC_URL: 'http://10.0.0.5:3000' }))['upgrade-insecure-requests']).toBeUndefined();
  });
});
