import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('config', () => {
  it('works with no variables at all (embedded defaults)', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, databaseUrl: null, redisUrl: null, s3: null, google: null, role: 'all' });
    expect(c.dataDir.endsWith('data')).toBe(true);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('photo shoot: ISNet and 3 scenes per family at 2048 px by default; wrong values name the variable', () => {
    expect(loadConfig({}).photoshoot).toEqual({ cutoutEngine: 'isnet', templatesPerFamily: 3, templateSize: 2048 });
    expect(loadConfig({ CUTOUT_ENGINE: 'grabcut', PHOTOSHOOT_TEMPLATES_PER_FAMILY: '0' }).photoshoot).toMatchObject({
      cutoutEngine: 'grabcut',
      templatesPerFamily: 0,
    });
    expect(() => loadConfig({ CUTOUT_ENGINE: 'magic' })).toThrow(/CUTOUT_ENGINE/);
    expect(() => loadConfig({ PHOTOSHOOT_TEMPLATES_PER_FAMILY: '-1' })).toThrow(/PHOTOSHOOT_TEMPLATES_PER_FAMILY/);
  });

  it('mockup: the whole template library at 2048 px by default; a number or "all"; wrong values name the variable', () => {
    expect(loadConfig({}).mockup).toEqual({ templatesSeed: null, templateSize: 2048 });
    expect(loadConfig({ MOCKUP_TEMPLATES_SEED: '3', MOCKUP_TEMPLATE_SIZE: '128' }).mockup).toEqual({ templatesSeed: 3, templateSize: 128 });
    expect(loadConfig({ MOCKUP_TEMPLATES_SEED: '0' }).mockup.templatesSeed).toBe(0);
    expect(loadConfig({ MOCKUP_TEMPLATES_SEED: 'all' }).mockup.templatesSeed).toBeNull();
    for (const bad of ['-1', 'some', '2.5']) expect(() => loadConfig({ MOCKUP_TEMPLATES_SEED: bad })).toThrow(/MOCKUP_TEMPLATES_SEED/);
    expect(() => loadConfig({ MOCKUP_TEMPLATE_SIZE: '32' })).toThrow(/MOCKUP_TEMPLATE_SIZE/);
  });

  it('imagery: local by default; openai and comfyui with their settings, each wrong or missing one named', () => {
    expect(loadConfig({}).imagery).toBeNull();
    expect(loadConfig({ IMAGE_PROVIDER: 'local' }).imagery).toBeNull();
    expect(loadConfig({ IMAGE_PROVIDER: 'openai', IMAGE_API_KEY: 'sk-x' }).imagery).toEqual({
      provider: 'openai',
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-x',
      model: 'gpt-image-1',
      timeoutMs: 120_000,
    });
    expect(loadConfig({ IMAGE_PROVIDER: 'openai', IMAGE_BASE_URL: 'http://127.0.0.1:9/v1', IMAGE_TIMEOUT_MS: '5000' }).imagery).toMatchObject({
      apiKey: null,
      timeoutMs: 5000,
    });
    expect(() => loadConfig({ IMAGE_PROVIDER: 'openai' })).toThrow(/IMAGE_API_KEY/);
    expect(() => loadConfig({ IMAGE_PROVIDER: 'midjourney' })).toThrow(/IMAGE_PROVIDER/);
    expect(() => loadConfig({ IMAGE_PROVIDER: 'openai', IMAGE_BASE_URL: 'ftp://x' })).toThrow(/IMAGE_BASE_URL/);
    expect(() => loadConfig({ IMAGE_TIMEOUT_MS: '10' })).toThrow(/IMAGE_TIMEOUT_MS/);
    expect(loadConfig({ IMAGE_PROVIDER: 'comfyui', COMFYUI_URL: 'http://127.0.0.1:8188' }).imagery).toMatchObject({
      provider: 'comfyui',
      url: 'http://127.0.0.1:8188',
      workflow: null,
      inpaintWorkflow: null,
    });
    expect(() => loadConfig({ IMAGE_PROVIDER: 'comfyui' })).toThrow(/COMFYUI_URL/);
    expect(() => loadConfig({ IMAGE_PROVIDER: 'comfyui', COMFYUI_URL: 'http://127.0.0.1:8188', COMFYUI_WORKFLOW: '/no/such/workflow.json' })).toThrow(
      /COMFYUI_WORKFLOW/,
    );
  });

  it('rate limits: documented defaults, 0 turns one off, TRUST_PROXY trusts private-network proxies by default', () => {
    const c = loadConfig({});
    expect(c.rateLimits).toEqual({
      guestsPerAddressPerHour: 30,
      loginFailuresPerAccount: 5,
      loginFailuresPerAddress: 50,
      loginWindowMs: 900_000,
      codeEmailsPerAddressPerHour: 20,
      codeEmailsPerRecipientPerHour: 5,
      designRequestsPerAddressPerHour: 10,
      designRequestsPerRecipientPerHour: 5,
    });
    expect(c.trustProxy).toEqual(['loopback', 'linklocal', 'uniquelocal']);
    expect(loadConfig({ GUEST_RATE_LIMIT: '0', LOGIN_RATE_WINDOW_SECONDS: '2' }).rateLimits).toMatchObject({ guestsPerAddressPerHour: 0, loginWindowMs: 2000 });
    expect(loadConfig({ DESIGN_REQUEST_RECIPIENT_RATE_LIMIT: '0' }).rateLimits).toMatchObject({ designRequestsPerRecipientPerHour: 0 });
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(() => loadConfig({ LOGIN_RATE_LIMIT: '-1' })).toThrow(/LOGIN_RATE_LIMIT/);
  });

  it('requires APP_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET/);
  });

  it('switches on S3 and Google only when their variables are set', () => {
    const c = loadConfig({ S3_BUCKET: 'b', OAUTH_GOOGLE_CLIENT_ID: 'id', OAUTH_GOOGLE_CLIENT_SECRET: 's' });
    expect(c.s3?.bucket).toBe('b');
    expect(c.google?.clientId).toBe('id');
  });

  describe('payments', () => {
    const secret = { APP_SECRET: 'x'.repeat(32) };
    it('runs the sandbox by default, and refuses it in production', () => {
      expect(loadConfig({}).payments).toEqual({ provider: 'sandbox' });
      expect(() => loadConfig({ NODE_ENV: 'production', ...secret })).toThrow(/sandbox .*refused when NODE_ENV=production/);
      expect(loadConfig({ NODE_ENV: 'production', ...secret, PAYMENT_PROVIDER: 'off' }).payments).toEqual({ provider: 'off' });
    });
    it('switches to Stripe with a secret key and names what Stripe still needs', () => {
      expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET/);
      const c = loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_PRICE_BUSINESS_YEAR: 'price_b',
      });
      expect(c.payments).toEqual({
        provider: 'stripe',
        secretKey: 'sk_test_x',
        publishableKey: 'pk_test_x',
        webhookSecret: 'whsec_x',
        apiBase: null,
        priceIds: { business_year: 'price_b' },
      });
    });
  });
});
