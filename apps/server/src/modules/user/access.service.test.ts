import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Code, GATE_MESSAGES, type VipType } from '@packsmith/contracts';
import { userRow } from '../../../test/rows.js';
import type { UserRow } from '../../http/auth-context.js';
import { AppError, forbidden } from '../../http/errors.js';
import type { Storage } from '../../storage/storage.js';
import type { FileRow } from '../files/file.repo.js';
import { createAccessService } from './access.service.js';

const NOW = Date.UTC(2026, 10, 25, 12);
const DAY = 86_400_000;

const member = (vipType: VipType, expiresInMs: number | null = 30 * DAY, over: Partial<UserRow> = {}) =>
  userRow('u1', { vipType, vipExpireTime: expiresInMs === null ? null : new Date(NOW + expiresInMs), ...over });
const guest = () => userRow('u1', { type: 'guest' });
const free = (over: Partial<UserRow> = {}) => userRow('u1', over);

const PNG_KEY = 'u/u1/2026/11/aaaaaaaaaaaaaaaaaaaaaa.png';
const SVG_KEY = 'u/u1/2026/11/dieline-bbbbbbbbbbbbbbbbbbbb.svg';

/** The service on fakes: files that resolve to a row, objects in memory, and the one free editor use. */
function setup(
  opts: {
    objects?: Record<string, { contentType: string | null }>;
    freeUseLeft?: boolean;
    now?: () => number;
    opening?: 'new' | 'own-free' | 'own-paid' | 'refused';
  } = {},
) {
  const rows: Record<string, FileRow> = {
    '/files/mine.png': { key: PNG_KEY, userId: 'u1', isPublic: false, mime: 'image/png', width: 10, height: 10, size: 3, createdAt: new Date(0) },
    '/files/dieline.svg': { key: SVG_KEY, userId: 'u1', isPublic: false, mime: 'image/svg+xml', width: 10, height: 10, size: 3, createdAt: new Date(0) },
  };
  const objects = opts.objects ?? { [PNG_KEY]: { contentType: 'image/png' }, [SVG_KEY]: { contentType: 'image/svg+xml' } };
  const resolved: [string, string][] = [];
  const claims: string[] = [];
  /** What the fake editor was asked: prepared openings, and documents created (with their free flag). */
  const prepared: string[] = [];
  const created: boolean[] = [];
  let freeUseLeft = opts.freeUseLeft ?? true;
  const unused = () => {
    throw new Error('not used by the access service');
  };
  const storage: Storage = {
    kind: 'local',
    async stream(key) {
      const o = objects[key];
      return o ? { body: Readable.from([Buffer.from('abc')]), size: 3, contentType: o.contentType } : null;
    },
    put: unused,
    get: unused,
    head: unused,
    delete: unused,
    publicUrl: unused,
    keyFromUrl: unused,
    directUpload: unused,
  };
  const access = createAccessService({
    repo: {
      async claimFreeEditorUse(userId) {
        claims.push(userId);
        const claimed = freeUseLeft;
        freeUseLeft = false;
        return claimed;
      },
    },
    storage,
    async resolveOwnedImage(userId, url) {
      resolved.push([userId, url]);
      const row = rows[url];
      if (!row) throw forbidden('This image belongs to someone else.');
      return { key: row.key, row };
    },
    editor: {
      async prepareOpen(user, input) {
        prepared.push(input.project_id ?? '');
        const opening = opts.opening ?? 'new';
        if (opening === 'refused') throw forbidden('This project belongs to someone else.');
        if (opening === 'own-free') return { existing: { id: 'ed-free', freeDocument: true } };
        if (opening === 'own-paid') return { existing: { id: 'ed-paid', freeDocument: false } };
        return {
          async create({ freeUse }) {
            created.push(freeUse);
            return `ed-new-${user.id}`;
          },
        };
      },
    },
    now: 'now' in opts ? opts.now : () => NOW,
  });
  return { access, resolved, claims, prepared, created };
}

async function refusal(p: Promise<unknown> | (() => unknown)): Promise<{ code: number; message: string }> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    const e = err as AppError;
    return { code: e.code, message: e.message };
  }
  throw new Error('expected a refusal');
}

describe('downloads', () => {
  it('a paid member downloads their image: the stream, its size, the file name and the stored content type', async () => {
    const { access, resolved } = setup();
    const file = await access.download(member('pro_month'), '/files/mine.png');
    expect(file).toMatchObject({ size: 3, filename: 'aaaaaaaaaaaaaaaaaaaaaa.png', contentType: 'image/png' });
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks)).toEqual(Buffer.from('abc'));
    expect(resolved).toEqual([['u1', '/files/mine.png']]);
  });

  it('falls back to the registered type when the storage knows none', async () => {
    const { access } = setup({ objects: { [PNG_KEY]: { contentType: null } } });
    expect((await access.download(member('pro_month'), '/files/mine.png')).contentType).toBe('image/png');
  });

  it('guests must sign in (401), free and lapsed members must activate (403), before any file is looked up', async () => {
    const { access, resolved } = setup();
    expect(await refusal(access.download(guest(), '/files/mine.png'))).toEqual({ code: Code.UNAUTHORIZED, message: GATE_MESSAGES.signIn });
    expect(await refusal(access.download(free(), '/files/mine.png'))).toEqual({ code: Code.FORBIDDEN, message: GATE_MESSAGES.activate });
    expect(await refusal(access.download(member('pro_year', -1), '/files/mine.png'))).toEqual({ code: Code.FORBIDDEN, message: GATE_MESSAGES.activate });
    expect(resolved).toEqual([]);
  });

  it("the file rule applies to downloads too: another user's private file is refused", async () => {
    const { access } = setup();
    expect(await refusal(access.download(member('business_year'), '/files/theirs.png'))).toMatchObject({ code: Code.FORBIDDEN });
  });

  it('print files (SVG dielines) are for Business members only', async () => {
    const { access } = setup();
    expect(await refusal(access.download(member('pro_max_year'), '/files/dieline.svg'))).toEqual({ code: Code.FORBIDDEN, message: GATE_MESSAGES.business });
    expect(await access.download(member('business_month'), '/files/dieline.svg')).toMatchObject({
      contentType: 'image/svg+xml',
      filename: 'dieline-bbbbbbbbbbbbbbbbbbbb.svg',
    });
    // Pro members keep downloading ordinary images.
    expect(await access.download(member('pro_max_year'), '/files/mine.png')).toMatchObject({ contentType: 'image/png' });
  });

  it('a registered file missing from storage answers 404', async () => {
    const { access } = setup({ objects: {} });
    expect(await refusal(access.download(member('pro_month'), '/files/mine.png'))).toEqual({ code: Code.NOT_FOUND, message: 'File not found.' });
  });

  it('reads the time from its clock: a membership that has run out by then is refused', async () => {
    const { access } = setup({ now: () => NOW + 31 * DAY });
    expect(await refusal(access.download(member('pro_month', 30 * DAY), '/files/mine.png'))).toMatchObject({ code: Code.FORBIDDEN });
  });

  it('without a clock of its own it uses the current time', async () => {
    const { access } = setup({ now: undefined });
    const current = userRow('u1', { vipType: 'pro_month', vipExpireTime: new Date(Date.now() + DAY) });
    const lapsed = userRow('u1', { vipType: 'pro_month', vipExpireTime: new Date(Date.now() - DAY) });
    expect(await access.download(current, '/files/mine.png')).toMatchObject({ size: 3 });
    expect(await refusal(access.download(lapsed, '/files/mine.png'))).toMatchObject({ code: Code.FORBIDDEN });
  });
});

describe('the editor', () => {
  const OPEN = { project_id: 'design-1' };

  it('a free user opens it once for free, which uses up the free opening and makes a free document', async () => {
    const { access, claims, created } = setup();
    expect(await access.openEditor(free(), OPEN)).toEqual({ free_use: true, editor_used: true, editor_project_id: 'ed-new-u1' });
    expect(claims).toEqual(['u1']);
    expect(created).toEqual([true]);
  });

  it('once used, a free user must activate a membership to open a new document, without claiming again', async () => {
    const { access, claims, created } = setup();
    expect(await refusal(access.openEditor(free({ editorUsed: true }), OPEN))).toEqual({ code: Code.FORBIDDEN, message: GATE_MESSAGES.activate });
    expect(claims).toEqual([]);
    expect(created).toEqual([]);
  });

  it('the document the free opening made reopens for its unpaid owner, claiming nothing', async () => {
    const { access, claims } = setup({ opening: 'own-free', freeUseLeft: false });
    expect(await access.openEditor(free({ editorUsed: true }), { project_id: 'ed-free' })).toEqual({
      free_use: false,
      editor_used: true,
      editor_project_id: 'ed-free',
    });
    expect(claims).toEqual([]);
  });

  it('an editor document made while paid does not reopen once the membership has run out', async () => {
    const { access } = setup({ opening: 'own-paid', now: () => NOW + 31 * DAY });
    expect(await refusal(access.openEditor(member('pro_month', 30 * DAY, { editorUsed: true }), { project_id: 'ed-paid' }))).toEqual({
      code: Code.FORBIDDEN,
      message: GATE_MESSAGES.activate,
    });
    const { access: paid } = setup({ opening: 'own-paid' });
    expect(await paid.openEditor(member('pro_month', 30 * DAY, { editorUsed: true }), { project_id: 'ed-paid' })).toMatchObject({
      editor_project_id: 'ed-paid',
    });
  });

  it('two tabs opening at once: the one that loses the claim is refused and makes no document', async () => {
    const { access, created } = setup({ freeUseLeft: false });
    expect(await refusal(access.openEditor(free(), OPEN))).toEqual({ code: Code.FORBIDDEN, message: GATE_MESSAGES.activate });
    expect(created).toEqual([]);
  });

  it('paid members open it without using a free opening, whatever the claim answers', async () => {
    const { access, claims, created } = setup({ freeUseLeft: false });
    expect(await access.openEditor(member('pro_month', 30 * DAY, { editorUsed: true }), OPEN)).toEqual({
      free_use: false,
      editor_used: true,
      editor_project_id: 'ed-new-u1',
    });
    expect(await access.openEditor(member('business_year'), {})).toMatchObject({ free_use: false, editor_used: true });
    // The claim still marks editor_used, so a membership that lapses later has no free opening left.
    expect(claims).toEqual(['u1', 'u1']);
    expect(created).toEqual([false, false]);
  });

  it('guests must sign in, before any project is read', async () => {
    const { access, claims, prepared } = setup();
    expect(await refusal(access.openEditor(guest(), OPEN))).toEqual({ code: Code.UNAUTHORIZED, message: GATE_MESSAGES.signIn });
    expect(claims).toEqual([]);
    expect(prepared).toEqual([]);
  });

  it("someone else's project (or a project without a design) is refused before the claim: the free opening is kept", async () => {
    const { access, claims } = setup({ opening: 'refused' });
    expect(await refusal(access.openEditor(free(), { project_id: 'theirs' }))).toMatchObject({ code: Code.FORBIDDEN });
    expect(claims).toEqual([]);
  });

  it('a membership that has run out by the service clock counts as free', async () => {
    const { access } = setup({ now: () => NOW + 31 * DAY, freeUseLeft: false });
    expect(await refusal(access.openEditor(member('pro_month', 30 * DAY), OPEN))).toMatchObject({ code: Code.FORBIDDEN });
  });
});

describe('API access', () => {
  it('is a Business feature', async () => {
    const { access } = setup();
    expect(access.apiAccess(member('business_year'))).toEqual({ enabled: true });
    expect(await refusal(() => access.apiAccess(member('pro_max_year')))).toEqual({ code: Code.FORBIDDEN, message: GATE_MESSAGES.business });
    expect(await refusal(() => access.apiAccess(free()))).toEqual({ code: Code.FORBIDDEN, message: GATE_MESSAGES.business });
    expect(await refusal(() => access.apiAccess(guest()))).toEqual({ code: Code.UNAUTHORIZED, message: GATE_MESSAGES.signIn });
  });

  it('by the service clock', async () => {
    const { access } = setup({ now: () => NOW + 31 * DAY });
    expect(await refusal(() => access.apiAccess(member('business_month', 30 * DAY)))).toMatchObject({ code: Code.FORBIDDEN });
  });
});
