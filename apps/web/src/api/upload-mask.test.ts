import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetClientState } from '../test-stores';
import { mockFetch, ok } from '../test-support';
import { forgetUploadCredentials, uploadMask } from './upload';

/** Just enough of XMLHttpRequest to see what an upload sends and answer it. */
class FakeXhr {
  static sent: FormData[] = [];
  status = 200;
  response: unknown = null;
  responseType = '';
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  open(): void {}
  setRequestHeader(): void {}
  send(body: FormData): void {
    FakeXhr.sent.push(body);
    this.response = {
      code: 0,
      msg: 'SUCCESS',
      data: { url: '/files/u/mask.png', key: 'u/mask.png', width: 640, height: 480, mime: 'image/png', size: 3, resized: false },
    };
    queueMicrotask(() => this.onload?.());
  }
}

beforeEach(() => {
  resetClientState();
  forgetUploadCredentials();
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  mockFetch({
    'GET /api/aws/token': ok({
      provider: 'local',
      Expiration: new Date(Date.now() + 3_600_000).toISOString(),
      uploadToken: 'up1',
      uploadUrl: '/api/upload',
      maxBytes: 10_000_000,
    }),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('uploadMask', () => {
  it('sends the PNG as it is, with purpose=mask (the server never resizes a mask)', async () => {
    const mask = new Blob(['png'], { type: 'image/png' });
    const uploaded = await uploadMask(mask, { width: 640, height: 480 });
    expect(uploaded.url).toBe('/files/u/mask.png');
    const form = FakeXhr.sent[0];
    expect(form?.get('purpose')).toBe('mask');
    expect(form?.get('token')).toBe('up1');
    const file = form?.get('file');
    expect(file instanceof Blob && file.size).toBe(3);
  });
});
