import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newGuest } from '../../test/client.js';
import { makeSvg } from '../../test/images.js';
import { startTestServer, type TestServer } from '../../test/harness.js';

/** A stand-in for the built web app: what registerWebApp serves, without running Vite here. */
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'packsmith-web-'));
fs.mkdirSync(path.join(webDir, 'assets'));
fs.writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
);
fs.writeFileSync(path.join(webDir, 'assets/app.js'), 'export {};');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

/** Directive name → its sources, from a Content-Security-Policy header. */
function directives(csp: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

function expectBrowserHeaders(res: Response): void {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('permissions-policy')).toBe('camera=(), microphone=(), geolocation=()');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
}

describe('browser security headers', () => {
  it('an API call carries the app CSP and the helmet-class headers', async () => {
    const res = await fetch(`${server.url}/api/user/guest_login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(((await res.json()) as { code: number }).code).toBe(0);
    expectBrowserHeaders(res);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
  });

  it('index.html: only our own scripts and styles, images also from blob: and data:, no Google unless configured', async () => {
    for (const route of ['/', '/chat/some-project']) {
      const res = await fetch(server.url + route);
      expect(res.headers.get('content-type')).toContain('text/html');
      expectBrowserHeaders(res);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('style-src')).toEqual(["'self'"]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      // Plain http here: upgrading would send the browser to an https that does not exist.
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
    const asset = await fetch(`${server.url}/assets/app.js`);
    expect(asset.status).toBe(200);
    expectBrowserHeaders(asset);
  });

  it('an SVG file keeps its sandboxed CSP, and files may be embedded cross-origin', async () => {
    const guest = await newGuest(server.url);
    const me = await guest.get<{ user_id: string }>('/api/user/me');
    const saved = await server.built.services.files.saveGeneratedAsset(me.data?.user_id ?? '', makeSvg(64, 64), 'svg');
    const res = await fetch(server.url + saved.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; sandbox");
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expectBrowserHeaders(res);
  });
});
