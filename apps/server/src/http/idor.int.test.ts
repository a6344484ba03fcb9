import sharp from 'sharp';
import { newDocument } from '@packsmith/editor';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CallDef, Envelope } from '@packsmith/contracts';
import type { TestClient } from '../../test/client.js';
import { newGuest } from '../../test/client.js';
import { allCalls, defOf, fieldPaths, inputShape, unwrap, type ZodLike } from '../../test/fuzz/contract-calls.js';
import { makePng } from '../../test/images.js';
import { uploadFile } from '../../test/uploads.js';

// Issue 9 part 11: an IDOR suite generated from the contracts. For every call whose input names
// another resource, user B sends a request that is valid with B's own resources except for that one
// field, which holds user A's; the answer must be a refusal (403/404) that carries none of A's data.
const baseUrl = inject('baseUrl');

type Resource = 'project' | 'message' | 'record' | 'file' | 'analysis' | 'template' | 'material' | 'food';

/** Fields (the last segment of their path) that name a resource, and which one. */
const ID_FIELDS: Record<string, Resource> = {
  project_id: 'project',
  parent_project_id: 'project',
  fork_from: 'project',
  msg_id: 'message',
  id: 'record',
  analyze_id: 'analysis',
  image_url: 'file',
  edit_image_url: 'file',
  origin_image: 'file',
  reference_img: 'file',
  logo: 'file',
  background_url: 'file',
  url: 'file',
  cutout_image: 'file',
  lumin_url: 'file',
  thumbnail_url: 'file',
  material_url: 'file',
  preview_url: 'file',
  orgin_image: 'file',
  linked_project_id: 'project',
  source_project_id: 'project',
  mockup_template_id: 'template',
  mask_url: 'file',
  control_image: 'file',
  image: 'file',
  /** The design request's style references: a list of uploaded image URLs. */
  attachments: 'file',
  /** One of the user's own nutrition ingredients (the composition table's rows are public). */
  food_id: 'food',
};

/** `call.field` pairs whose resource is not the one their name usually means. */
const CALL_FIELDS: Record<string, Resource> = {
  'mockup.templateInfo.id': 'template',
  'mockup.deleteMaterial.id': 'material',
  'imageTools.compositeText.product': 'template',
  'imageTools.compositeTextV2.product': 'template',
  'quotation.fromProject.source_project_id': 'project',
};

/**
 * Calls that need one of two optional fields (a refine): the baseline sends this one, so the call
 * gets past validation to the swapped field.
 */
const ONE_OF_REQUIRED: Record<string, string> = {
  'imageTools.image2image': 'control_image',
  'imageTools.text': 'image',
};

/** Required fields a call's baseline needs past validation (the walker's minimal values are not a valid quote). */
const BASELINE_FIELDS: Record<string, Record<string, unknown>> = {
  'quotation.estimate': { box: 'straight-tuck-end', length_mm: 80, width_mm: 40, height_mm: 150, material: 'WHITE_BOARD' },
  'request.designRequest': { email: 'b@example.test', packaging_type: 'not-sure' },
  // A valid document, so the save gets past validation to the project it names.
  'editor.documentSave': { document: newDocument(102), version: 1 },
};

/**
 * `call.field` pairs that look like ids but grant nothing to whoever names them, with the reason.
 * Anything else that looks like an id and is not in ID_FIELDS fails the completeness test below.
 */
const NOT_RESOURCES: Record<string, string> = {
  'user.accountLogin.project_id': 'where the browser goes after sign-in; the account service does not read it',
  'user.oauthAuthUrl.project_id': 'where the browser goes after sign-in (kept with the OAuth state); grants nothing',
  'user.oauthToken.project_id': 'where the browser goes after sign-in; grants nothing',
  'user.oauthAuthUrl.token': "a bearer secret (links Google to the caller's own account), not an id; oauth.int.test.ts",
  'user.oauthAuthUrl.redirect_to': 'a same-origin path, checked by redirect.test.ts',
  'mockup.link.project_ids':
    "a filter of the caller's own mockup projects: ids that are not theirs are left out of the answer, never read (mockup-studio.int.test.ts)",
  'files.registerUpload.key': "an S3 key below the caller's own keyPrefix (files-s3.int.test.ts); local storage refuses it outright",
  // Covers every path below it: free-form client data, stored as given and shown only to who may read
  // the project; reading a file checks the file's own owner or public flag (file-access.ts), never project data.
  'project.update.data.data': 'free-form project data',
  'billing.adminUser.user_id': 'admin only: every /api/admin/ call is refused to non-admins before its input is read (admin.int.test.ts)',
  'billing.adminAdjustCredits.user_id': 'admin only: every /api/admin/ call is refused to non-admins before its input is read (admin.int.test.ts)',
  'billing.adminGrantPlan.user_id': 'admin only: every /api/admin/ call is refused to non-admins before its input is read (admin.int.test.ts)',
  'billing.adminEndPlan.user_id': 'admin only: every /api/admin/ call is refused to non-admins before its input is read (admin.int.test.ts)',
  'quotation.message.reference_img': 'the quotation chat neither reads nor stores it (a quote has no image); the shared message shape carries it',
  'quotation.adminUpdateFactory.id': 'admin only: every /api/admin/ call is refused to non-admins before its input is read (factory.int.test.ts)',
  'quotation.adminDeleteFactory.id': 'admin only: every /api/admin/ call is refused to non-admins before its input is read (factory.int.test.ts)',
  'idea.adminSetIdea.project_id': 'admin only: every /api/admin/ call is refused to non-admins before its input is read (admin.int.test.ts, ideas.int.test.ts)',
  'quotation.printRequest.factory_id': 'an entry of the public factory directory (GET /api/factory/list): naming one grants nothing',
  'request.adminSetDesignRequestStatus.request_id': 'admin only: every /api/admin/ call is refused to non-admins before its input is read (admin.int.test.ts)',
  'access.editorOpen.box_id': 'a box type of the public catalogue (a blank document of it): naming one grants nothing',
  // Covers every path below it: the document's box id is a catalogue id and its layer ids its own; its
  // image URLs are read only at export, and only when they are files the owner may use (editor.jobs.test.ts).
  'editor.documentSave.document': "the caller's own document, stored as given",
  'editor.versionRestore.version_id': "looked up only among the named versions of the project_id's document, after that project's ownership is checked",
  'editor.exportFile.panel_id': "a panel of the named document's own dieline (project_id is checked first)",
  'editor.redesignPanel.panel_id': "a panel of the named document's own dieline (project_id is checked first)",
  'billing.confirm.subscription_id': 'read only when it is the caller\'s own: another user\'s subscription is "No such payment." (billing.int.test.ts)',
};

/**
 * Targets whose refusal comes before the id is read, for a reason the suite cannot get past with a
 * guest B. The answer must still be a refusal without A's data; the codes allowed are listed.
 */
const REFUSED_EARLIER: Record<string, { codes: number[]; why: string }> = {
  'access.fileDownload url': { codes: [401, 403], why: 'downloads are for paid members: the membership gate answers before the file is looked up' },
  'access.editorOpen project_id': { codes: [401, 403], why: 'the editor gate refuses guests before the project is read' },
  'access.editorOpen image_url': {
    codes: [401, 403],
    why: "the editor gate refuses guests before the project is read; a URL that is not a design of the caller's own project is 404 (editor.int.test.ts)",
  },
  'photoshoot.background background_url': {
    codes: [400],
    why: 'B\'s photo shoot has no cut-out yet (needs a cut-out job), so the call stops at "Upload a product photo first."',
  },
  'photoshoot.likePhoto image_url': {
    codes: [400],
    why: "only this project's own results can be liked: A's URL is refused as \"Pick one of this project's photos.\"",
  },
  'billing.apiKeyRevoke id': {
    codes: [401, 403],
    why: "API keys are for registered Business members: a guest is refused first; another member's key id is 404 (api-keys.int.test.ts)",
  },
  'billing.adminSetPromotionCodeActive id': { codes: [401, 403], why: 'admin only: refused to non-admins before the input is read (admin.int.test.ts)' },
  'quotation.printRequest project_id': {
    codes: [400, 401],
    why: "print requests are for registered users and the generated baseline is no valid order: guest B is refused before the project is read; another user's project is 403 in print.int.test.ts",
  },
  'quotation.printRequest image_url': {
    codes: [400, 401],
    why: "as printRequest project_id; a URL that is not a design of the caller's project is 404 (print.int.test.ts)",
  },
  'chat.editDesign msg_id': { codes: [400], why: "B's project has no generated design to edit (needs a design job), so image_url is refused first" },
};

/**
 * Calls accepted today that should refuse (none now; like/image refused A's file once this suite
 * found it). Nothing of A's may be read or leaked even here; when such a call starts refusing, the
 * test fails and its entry must go.
 */
const KNOWN_GAPS: Record<string, string> = {};

const LOOKS_LIKE_ID = /(^|_)(id|ids|url|urls|img|image|logo|key|from|token)$/;

interface Target {
  call: string;
  def: CallDef;
  field: string;
  resource: Resource;
  /** A list of ids (e.g. attachments): the attack sends A's resource as its one element. */
  list: boolean;
}

/** Every (call, field) pair to try, found by walking each call's input schema. */
function idTargets(): { targets: Target[]; unknown: string[] } {
  const targets: Target[] = [];
  const unknown: string[] = [];
  for (const { name, call } of allCalls()) {
    for (const { path, schema } of fieldPaths(call.input)) {
      const last = path.split('.').at(-1) as string;
      const key = `${name}.${path}`;
      if (Object.keys(NOT_RESOURCES).some((k) => key === k || key.startsWith(`${k}.`))) continue;
      const resource = CALL_FIELDS[key] ?? ID_FIELDS[last];
      if (resource) targets.push({ call: name, def: call, field: path, resource, list: defOf(schema).type === 'array' });
      else if (LOOKS_LIKE_ID.test(last)) unknown.push(key);
    }
  }
  return { targets, unknown };
}

type Resources = Record<Resource, string> & { photoshootProject: string; mockupProject: string };

/** Photo shoot and mockup calls refuse other projects before anything else, so their project is one of their kind. */
const forCall = (r: Resources, call: string): Resources =>
  call.startsWith('photoshoot.') ? { ...r, project: r.photoshootProject } : call.startsWith('mockup.') ? { ...r, project: r.mockupProject } : r;

/** A minimal valid value for a schema (B's own resources for id fields), so only the swapped field is wrong. */
function baseline(schema: ZodLike, field: string, own: Resources, call = ''): unknown {
  const d = defOf(unwrap(schema));
  const resource = CALL_FIELDS[`${call}.${field}`] ?? ID_FIELDS[field];
  switch (d.type) {
    case 'string':
      return resource ? own[resource] : field === 'content' ? 'Make the lid darker, please.' : field === 'kind' ? 'selftest' : 'hello';
    case 'number': {
      const min = (d.checks ?? []).map((c) => c._zod.def as { check: string; value?: number }).find((c) => c.check === 'greater_than')?.value;
      return typeof min === 'number' ? Math.max(min, 1) : 1;
    }
    case 'boolean':
      return false;
    case 'enum':
      return Object.values(d.entries ?? {})[0];
    case 'literal':
      return d.values?.[0];
    case 'array':
      return [];
    case 'object':
      return requiredFields(d.shape ?? {}, own);
    default:
      return {};
  }
}

/** Only the required fields: optional ones are left out unless they are the target. */
function requiredFields(shape: Record<string, ZodLike>, own: Resources, call = ''): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(shape)
      .filter(([, v]) => !['optional', 'default'].includes(defOf(v).type))
      .map(([k, v]) => [k, baseline(v, k, own, call)]),
  );
}

/** B's input for a target: the baseline with the target field (and only it) holding A's resource. */
function attackInput(t: Target, own: Resources, theirs: Resources): Record<string, unknown> {
  const input = { ...requiredFields(inputShape(t.def), own, t.call), ...BASELINE_FIELDS[t.call] };
  const oneOf = ONE_OF_REQUIRED[t.call];
  if (oneOf) input[oneOf] = own.file;
  let node: Record<string, unknown> = input;
  const parts = t.field.split('.');
  for (const p of parts.slice(0, -1)) node = (node[p] ??= {}) as Record<string, unknown>;
  node[parts.at(-1) as string] = t.list ? [theirs[t.resource]] : theirs[t.resource];
  return input;
}

async function send(c: TestClient, call: CallDef, input: Record<string, unknown>): Promise<{ env: Envelope<unknown>; text: string }> {
  const path = call.path.replace(/:provider/, 'google');
  const res =
    call.method === 'GET'
      ? await c.raw('GET', `${path}?${new URLSearchParams(Object.entries(input).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))}`)
      : await c.raw(call.method, path, input);
  const text = await res.text();
  const env = res.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as Envelope<unknown>) : { code: 0, msg: 'not JSON', data: text };
  return { env, text };
}

/** Creates one of each resource for a user; `secret` is written into the project name and a chat message. */
async function resourcesOf(c: TestClient, secret: string): Promise<Resources> {
  const p = await c.post<{ project_id: string }>('/api/project', { type: 'design' });
  const project = p.data?.project_id ?? '';
  await c.put('/api/project/name', { project_id: project, name: secret });
  const hello = await c.post<{ messages: { msg_id: string }[] }>('/api/chat/hello', { project_id: project });
  await c.post('/api/chat/message', { project_id: project, content: `${secret} is our brand` });
  const record = await c.post<{ id: string }>('/api/generate/record', { project_id: project, kind: 'selftest', steps: 1, step_ms: 0 });
  const file = await uploadFile(c, await makePng(1024, 1024));
  const ps = await c.post<{ project_id: string }>('/api/project', { type: 'photoshoot' });
  await c.put('/api/project/name', { project_id: ps.data?.project_id ?? '', name: secret });
  const analysis = await c.post<{ analyze_id: string }>('/api/chat/analyze', { project_id: project, image_url: file.data?.url ?? '' });
  const mockup = await c.post<{ project_id: string }>('/api/project', { type: 'mockup' });
  const mockupProject = mockup.data?.project_id ?? '';
  await c.put('/api/project/name', { project_id: mockupProject, name: secret });
  const material = await c.post<{ id: string }>('/api/material', { material_url: file.data?.url ?? '' });
  const food = await c.post<{ food_id: string }>('/api/nutrition/food', { name: secret, per_100g: { fat: 1 } });
  const r: Resources = {
    project,
    message: hello.data?.messages[0]?.msg_id ?? '',
    record: record.data?.id ?? '',
    file: file.data?.url ?? '',
    analysis: analysis.data?.analyze_id ?? '',
    photoshootProject: ps.data?.project_id ?? '',
    mockupProject,
    material: material.data?.id ?? '',
    template: await customTemplateOf(c, mockupProject),
    food: food.data?.food_id ?? '',
  };
  for (const [k, v] of Object.entries(r))
    if (!v) throw new Error(`IDOR setup: no ${k} (${p.msg} ${hello.msg} ${record.msg} ${file.msg} ${analysis.msg} ${mockup.msg} ${material.msg} ${food.msg})`);
  return r;
}

/**
 * A private mockup template of the user's own, made from a photo already cut out (a box front on a
 * transparent ground: its alpha is the matte, so the shared server runs no segmentation model).
 */
async function customTemplateOf(c: TestClient, projectId: string): Promise<string> {
  const photo = await sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><rect x="220" y="160" width="560" height="700" fill="#c9a36e"/><rect x="300" y="300" width="400" height="60" fill="#b08850"/></svg>',
    ),
  )
    .png()
    .toBuffer();
  const up = await uploadFile(c, photo);
  const started = await c.post<{ record: { id: string } }>('/api/mockup/custom', { project_id: projectId, thumbnail_url: up.data?.url ?? '' });
  const id = started.data?.record.id ?? '';
  for (let i = 0; i < 600 && id; i++) {
    const r = await c.get<{ status: string; data: { template_id?: string } | null; error: string | null }>('/api/generate/record', { id });
    if (r.data?.status === 'done') return r.data.data?.template_id ?? '';
    if (r.data?.status === 'failed') throw new Error(`IDOR setup: custom template failed: ${r.data.error}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`IDOR setup: no custom template (${up.msg} ${started.msg})`);
}

describe('IDOR: every call that names a resource refuses another user’s', () => {
  const { targets, unknown } = idTargets();
  let a: TestClient;
  let b: TestClient;
  let theirs: Resources;
  let own: Resources;
  const secret = `A-secret-${Math.random().toString(36).slice(2, 10)}`;
  beforeAll(async () => {
    a = await newGuest(baseUrl);
    b = await newGuest(baseUrl);
    theirs = await resourcesOf(a, secret);
    own = await resourcesOf(b, 'B project');
  });

  it('knows every field that looks like an id (add new ones to ID_FIELDS or NOT_RESOURCES)', () => {
    expect(unknown).toEqual([]);
    expect(targets.length).toBeGreaterThanOrEqual(40);
  });

  it.each(targets.map((t) => [`${t.call} ${t.field}`, t] as const))('%s', async (_label, t) => {
    const input = attackInput(t, forCall(own, t.call), forCall(theirs, t.call));
    const { env, text } = await send(b, t.def, input);
    expect(text).not.toContain(secret);
    const label = `${t.call} ${t.field}`;
    if (label in KNOWN_GAPS) {
      expect(env.code, `${label} now refuses: remove it from KNOWN_GAPS`).toBe(0);
      return;
    }
    expect(REFUSED_EARLIER[label]?.codes ?? [403, 404], `${t.def.method} ${t.def.path} ${JSON.stringify(input)} → ${text.slice(0, 300)}`).toContain(env.code);
    expect(env.data).toBeNull();
  });

  it("A's resources are still A's and unchanged", async () => {
    const info = await a.get<{ name: string }>('/api/project/info', { project_id: theirs.project });
    expect(info).toMatchObject({ code: 0, data: { name: secret } });
  });
});
