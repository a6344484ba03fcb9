import fc from 'fast-check';
import { Code, SOCKET_PATH, UPLOAD_PATH, envelopeOf, type CallDef, type ClientToServerEvents } from '@packsmith/contracts';
import { io, type Socket } from 'socket.io-client';
import type { TestClient } from '../client.js';
import { newGuest } from '../client.js';
import { makePng } from '../images.js';
import { uploadFile, uploadToken } from '../uploads.js';
import { allCalls, defOf, unwrap, type NamedCall, type ZodLike } from './contract-calls.js';
import { PROTO_KEYS, encodeQueryPart, hostileString, hostileValue, rawBody, rawQueryValue, withKey } from './hostile.js';

/**
 * The contract fuzz, over HTTP and socket.io only, so the integration test runs it
 * against an in-process server and bench/fuzz.bench.mjs against a spawned one. Cases come from
 * fast-check with a fixed seed: the same seed and budget send the same requests.
 */

/** Ids of real resources, so fuzzed requests also get past "not found" into the handlers. */
export interface FuzzPools {
  ownProjects: string[];
  /** Only project.remove draws from these, so the fuzz user keeps projects to fuzz the rest with. */
  disposableProjects: string[];
  foreignProjects: string[];
  msgIds: string[];
  recordIds: string[];
  fileUrls: string[];
  foreignFileUrls: string[];
  uploadTokens: string[];
}

export interface FuzzSession {
  baseUrl: string;
  token: string;
  /** Sessions that user.logout may revoke: revoking the fuzz user's own would turn the rest into 402s. */
  sacrificial: string[];
  pools: FuzzPools;
}

/** What one request was, in enough detail to send it again by hand. */
export interface FuzzFailure {
  call: string;
  method: string;
  url: string;
  auth: string;
  contentType: string | null;
  /** The body as sent, cut to 2,000 characters (with its full length). */
  body: string;
  bodyLength: number;
  status: number | null;
  response: string;
  why: string;
}

export interface FuzzReport {
  requests: number;
  failures: FuzzFailure[];
  /** Envelope codes seen per call (e.g. {"0": 3, "400": 90}): shows the fuzz reached past validation. */
  codes: Record<string, Record<string, number>>;
  ms: number;
}

/**
 * Calls that start jobs or spend credits on valid input: their project ids come only from other
 * users' projects or made-up ones, so a valid generation is refused (403/404) and none runs.
 */
const NO_OWN_PROJECT = new Set([
  'chat.imagine',
  'chat.retry',
  'chat.editRetry',
  'chat.editDesign',
  'generate.createRecord',
  'photoshoot.imageTest',
  'photoshoot.background',
  'mockup.result',
  'mockup.custom',
]);

/** Creates the fuzz user (a guest) and another user, and the resources the fuzz points ids at. */
export async function prepareFuzz(baseUrl: string): Promise<FuzzSession> {
  const me = await newGuest(baseUrl);
  const other = await newGuest(baseUrl);
  const project = async (c: TestClient) => {
    const r = await c.post<{ project_id: string }>('/api/project', { type: 'design' });
    if (r.code !== 0 || !r.data) throw new Error(`fuzz setup: create project: ${r.msg}`);
    return r.data.project_id;
  };
  const ownProjects = [await project(me), await project(me)];
  const disposableProjects = [await project(me), await project(me)];
  const foreignProjects = [await project(other)];
  const hello = await me.post<{ messages: { msg_id: string }[] }>('/api/chat/hello', { project_id: ownProjects[0] as string });
  const msgIds = hello.data?.messages.map((m) => m.msg_id) ?? [];
  const record = await me.post<{ id: string }>('/api/generate/record', { project_id: ownProjects[1] as string, kind: 'selftest', steps: 1, step_ms: 0 });
  const png = await makePng(1024, 1024);
  const mine = await uploadFile(me, png);
  const theirs = await uploadFile(other, png);
  if (!mine.data || !theirs.data || !record.data || msgIds.length === 0)
    throw new Error(`fuzz setup failed: ${mine.msg} / ${theirs.msg} / ${record.msg} / ${hello.msg}`);
  const sacrificial = [(await newGuest(baseUrl)).token as string, (await newGuest(baseUrl)).token as string];
  return {
    baseUrl,
    token: me.token as string,
    sacrificial,
    pools: {
      ownProjects,
      disposableProjects,
      foreignProjects,
      msgIds,
      recordIds: [record.data.id],
      fileUrls: [mine.data.url],
      foreignFileUrls: [theirs.data.url],
      uploadTokens: [await uploadToken(me)],
    },
  };
}

// --- arbitraries derived from the contracts ---

const MADE_UP_ID = fc.constantFrom('p_doesnotexist0', '00000000-0000-0000-0000-000000000000', 'x', '1');

function idArbitrary(call: string, field: string, pools: FuzzPools): fc.Arbitrary<string> | null {
  const pick = (xs: string[]) => (xs.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...xs) }, { weight: 1, arbitrary: MADE_UP_ID }) : MADE_UP_ID);
  if (field === 'project_id' || field === 'parent_project_id' || field === 'fork_from') {
    if (call === 'project.remove') return pick([...pools.disposableProjects, ...pools.foreignProjects]);
    if (NO_OWN_PROJECT.has(call)) return pick(pools.foreignProjects);
    return pick([...pools.ownProjects, ...pools.foreignProjects]);
  }
  if (field === 'msg_id') return pick(pools.msgIds);
  if (field === 'id' || field === 'record_id') return pick(pools.recordIds);
  if (/(^|_)(url|img|image|logo)$|^origin_image$/.test(field)) return pick([...pools.fileUrls, ...pools.foreignFileUrls]);
  return null;
}

interface NumBounds {
  min: number;
  max: number;
  int: boolean;
}
function numberBounds(d: ReturnType<typeof defOf>): NumBounds {
  const b: NumBounds = { min: -1e6, max: 1e6, int: false };
  for (const c of d.checks ?? []) {
    const cd = c._zod.def as { check: string; value?: number; format?: string };
    if (cd.check === 'greater_than' && typeof cd.value === 'number') b.min = cd.value;
    if (cd.check === 'less_than' && typeof cd.value === 'number') b.max = cd.value;
    if (cd.check === 'number_format' && cd.format !== undefined && /int/.test(cd.format)) b.int = true;
  }
  return b;
}
function lengthBounds(d: ReturnType<typeof defOf>): { min: number; max: number } {
  let min = 0;
  let max = 40;
  for (const c of d.checks ?? []) {
    const cd = c._zod.def;
    if (cd.check === 'min_length' && typeof cd.minimum === 'number') min = cd.minimum;
    if (cd.check === 'max_length' && typeof cd.maximum === 'number') max = Math.min(cd.maximum, 40);
  }
  return { min, max: Math.max(min, max) };
}

/** A value the schema would mostly accept (ids drawn from the pools), so cases reach the handlers. */
function validish(schema: ZodLike, call: string, field: string, pools: FuzzPools, depth = 0): fc.Arbitrary<unknown> {
  const s = unwrap(schema);
  const d = defOf(s);
  const outer = defOf(schema);
  const inner = ((): fc.Arbitrary<unknown> => {
    switch (d.type) {
      case 'string': {
        const id = idArbitrary(call, field, pools);
        if (id) return id;
        const { min, max } = lengthBounds(d);
        return fc.oneof(
          fc.string({ minLength: Math.max(min, 1), maxLength: Math.max(max, 1) }),
          fc.string({ unit: 'grapheme', minLength: min, maxLength: max }),
        );
      }
      case 'number': {
        const b = numberBounds(d);
        return b.int
          ? fc.integer({ min: Math.ceil(Math.max(b.min, -1e9)), max: Math.floor(Math.min(b.max, 1e9)) })
          : fc.double({ min: b.min, max: b.max, noNaN: true });
      }
      case 'boolean':
        return fc.boolean();
      case 'enum':
        return fc.constantFrom(...Object.values(d.entries ?? { x: 'x' }));
      case 'literal':
        return fc.constantFrom(...(d.values ?? [null]));
      case 'array': {
        const { max } = lengthBounds(d);
        return d.element && depth < 6 ? fc.array(validish(d.element, call, field, pools, depth + 1), { maxLength: Math.min(max, 5) }) : fc.constant([]);
      }
      case 'object': {
        if (!d.shape || depth >= 6) return fc.constant({});
        const entries = Object.entries(d.shape).map(([k, v]) => {
          const optional = ['optional', 'default', 'prefault'].includes(defOf(v).type);
          const arb = validish(v, call, k, pools, depth + 1);
          return [k, optional ? fc.option(arb, { nil: undefined, freq: 3 }) : arb] as const;
        });
        return fc.record(Object.fromEntries(entries)).map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)));
      }
      case 'union':
        return d.options && depth < 6 ? fc.oneof(...d.options.map((o) => validish(o, call, field, pools, depth + 1))) : hostileValue;
      default:
        // unknown, record, any, …: free-form JSON, so anything goes.
        return hostileValue;
    }
  })();
  return outer.type === 'nullable' ? fc.option(inner, { nil: null, freq: 5 }) : inner;
}

/** Valid-ish input with some fields replaced by hostile values, some dropped and hostile extra keys added. */
function mutated(base: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const edit = fc.record({
    replace: fc.array(fc.tuple(fc.nat(), hostileValue), { maxLength: 3 }),
    drop: fc.array(fc.nat(), { maxLength: 2 }),
    extra: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 10 })), hostileValue), { maxLength: 3 }),
  });
  return fc.tuple(base, edit).map(([value, e]) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const o: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(o);
    for (const [i, v] of e.replace) if (keys.length) o[keys[i % keys.length] as string] = v;
    for (const i of e.drop) if (keys.length) delete o[keys[i % keys.length] as string];
    for (const [k, v] of e.extra) withKey(o, k, v);
    return o;
  });
}

type AuthKind = 'fuzz' | 'none' | 'bad' | 'sacrificial';

export interface FuzzCase {
  auth: AuthKind;
  path: string;
  /** JSON value for the body (POST/PUT/DELETE) or the query (GET), or a raw body. */
  input: { json: unknown } | { raw: string; contentType: string };
  /** Extra raw query fragment (bad escapes, invalid UTF-8) appended to GET URLs. */
  rawQuery: string | null;
}

const badToken = fc.oneof(
  // Printable ASCII only: fetch itself refuses other header bytes before sending.
  fc.constantFrom('x', 'Bearer', 'null', '../../', 'a'.repeat(5000), 'eyJhbGciOiJub25lIn0.e30.'),
  fc.string({ unit: 'binary-ascii', maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
);

export function caseArbitrary(named: NamedCall, pools: FuzzPools): fc.Arbitrary<FuzzCase> {
  const { call, name } = named;
  const base = validish(call.input, name, '', pools);
  const input = fc.oneof(
    { weight: 3, arbitrary: base.map((json) => ({ json })) },
    { weight: 4, arbitrary: mutated(base).map((json) => ({ json })) },
    { weight: 2, arbitrary: hostileValue.map((json) => ({ json })) },
    ...(call.method === 'GET' ? [] : [{ weight: 1, arbitrary: rawBody.map((r) => ({ raw: r.text, contentType: r.contentType })) }]),
  );
  const params = [...call.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  const path = params.length
    ? fc
        .array(fc.oneof({ weight: 3, arbitrary: fc.constant('google') }, { weight: 2, arbitrary: hostileString.filter((s) => s.length < 5000) }), {
          minLength: params.length,
          maxLength: params.length,
        })
        .map((vals) => params.reduce((p, k, i) => p.replace(`:${k}`, encodeQueryPart(vals[i] as string) || '%20'), call.path))
    : fc.constant(call.path);
  const auth: fc.Arbitrary<AuthKind> =
    name === 'user.logout'
      ? fc.constantFrom('sacrificial', 'none', 'bad')
      : fc.oneof(
          { weight: 8, arbitrary: fc.constant('fuzz' as const) },
          { weight: 1, arbitrary: fc.constant('none' as const) },
          { weight: 1, arbitrary: fc.constant('bad' as const) },
        );
  return fc.record({
    auth,
    path,
    input,
    rawQuery:
      call.method === 'GET'
        ? fc.option(
            fc.tuple(fc.string({ maxLength: 8 }), rawQueryValue).map(([k, v]) => `${encodeQueryPart(k) || 'project_id'}=${v}`),
            { freq: 4 },
          )
        : fc.constant(null),
  });
}

function toQuery(value: unknown): string {
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- past the object test, value is a primitive
  if (typeof value !== 'object' || value === null) return value === undefined ? '' : `q=${encodeQueryPart(String(value))}`;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    const key = encodeQueryPart(k);
    if (Array.isArray(v)) for (const x of v) parts.push(`${key}=${encodeQueryPart(typeof x === 'string' ? x : (JSON.stringify(x) ?? ''))}`);
    else parts.push(`${key}=${encodeQueryPart(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`);
  }
  return parts.join('&');
}

// --- sending and judging ---

/** Node refuses request lines and headers over 16 KB with 431 before any route; only such URLs may answer it. */
const MAX_URL_WITHOUT_431 = 16 * 1024 - 2048;

function tokenFor(kind: AuthKind, session: FuzzSession, n: number, bad: string): string | null {
  if (kind === 'fuzz') return session.token;
  if (kind === 'sacrificial') return session.sacrificial[n % session.sacrificial.length] ?? null;
  if (kind === 'bad') return bad;
  return null;
}

interface Judged {
  ok: boolean;
  why: string;
  code: number | null;
  status: number | null;
  text: string;
}

async function judge(res: Response, call: CallDef | null, urlLength: number): Promise<Judged> {
  const text = await res.text();
  const status = res.status;
  if (status === 431) return { ok: urlLength > MAX_URL_WITHOUT_431, why: 'HTTP 431 for a URL under 14 KB', code: null, status, text };
  if (status !== 200) return { ok: false, why: `HTTP ${status}`, code: null, status, text };
  const type = res.headers.get('content-type') ?? '';
  // fileDownload answers the file itself on success (contracts/calls/access.ts).
  if (call?.path === '/api/file/download' && !type.includes('json')) return { ok: true, why: '', code: 0, status, text: '' };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, why: 'body is not JSON', code: null, status, text };
  }
  const env = body as { code?: unknown; msg?: unknown; data?: unknown };
  if (typeof env.code !== 'number' || typeof env.msg !== 'string' || !('data' in env))
    return { ok: false, why: 'not the {code, msg, data} envelope', code: null, status, text };
  if (env.code === 500) return { ok: false, why: 'code 500', code: 500, status, text };
  if (env.code === Code.OK && call && !envelopeOf(call.data).safeParse(body).success)
    return { ok: false, why: 'code 0 with data that breaks the contract', code: 0, status, text };
  if (env.code !== Code.OK && env.data !== null) return { ok: false, why: 'a refusal carrying data', code: env.code, status, text };
  return { ok: true, why: '', code: env.code, status, text };
}

async function inPool<T>(items: T[], concurrency: number, run: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) await run(items[i] as T, i);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

export interface FuzzOptions {
  seed: number;
  /** Requests per call (and for the multipart upload); the socket fuzz sends `runs` events per event name. */
  runs: number;
  concurrency?: number;
  /** Only calls whose name passes (default: all). */
  only?: (name: string) => boolean;
}

function record(report: FuzzReport, name: string, j: Judged, failure: () => Omit<FuzzFailure, 'status' | 'response' | 'why' | 'call'>): void {
  report.requests++;
  const codes = (report.codes[name] ??= {});
  const key = j.code === null ? `http${j.status ?? 'error'}` : String(j.code);
  codes[key] = (codes[key] ?? 0) + 1;
  if (!j.ok) report.failures.push({ call: name, ...failure(), status: j.status, response: j.text.slice(0, 500), why: j.why });
}

/** Sends `runs` fuzzed requests to every contract call (and the multipart upload) and judges each answer. */
export async function fuzzHttp(session: FuzzSession, opts: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now();
  const report: FuzzReport = { requests: 0, failures: [], codes: {}, ms: 0 };
  const calls = allCalls().filter((c) => opts.only?.(c.name) ?? true);
  const jobs: { named: NamedCall; c: FuzzCase; bad: string; n: number }[] = [];
  calls.forEach((named, i) => {
    const cases = fc.sample(caseArbitrary(named, session.pools), { seed: opts.seed + i, numRuns: opts.runs });
    const bads = fc.sample(badToken, { seed: opts.seed + i, numRuns: opts.runs });
    cases.forEach((c, n) => jobs.push({ named, c, bad: bads[n] as string, n }));
  });
  await inPool(jobs, opts.concurrency ?? 8, async ({ named, c, bad, n }) => {
    const { call } = named;
    const headers: Record<string, string> = {};
    const token = tokenFor(c.auth, session, n, bad);
    if (token !== null) headers.authorization = `Bearer ${token}`;
    let url = session.baseUrl + c.path;
    let body: string | undefined;
    if (call.method === 'GET') {
      const q = ['json' in c.input ? toQuery(c.input.json) : '', c.rawQuery].filter(Boolean).join('&');
      if (q) url += `?${q}`;
    } else if ('json' in c.input) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(c.input.json) ?? 'null';
    } else {
      if (c.input.contentType) headers['content-type'] = c.input.contentType;
      body = c.input.raw;
    }
    let j: Judged;
    try {
      const res = await fetch(url, { method: call.method, headers, body, signal: AbortSignal.timeout(60_000) });
      j = await judge(res, call, url.length - session.baseUrl.length);
    } catch (err) {
      j = { ok: false, why: `no answer: ${(err as Error).message} ${JSON.stringify((err as Error).cause ?? '')}`, code: null, status: null, text: '' };
    }
    record(report, named.name, j, () => ({
      method: call.method,
      url: url.slice(0, 2000),
      auth: c.auth,
      contentType: headers['content-type'] ?? null,
      body: (body ?? '').slice(0, 2000),
      bodyLength: body?.length ?? 0,
    }));
  });
  if (!opts.only || opts.only('upload')) await fuzzUpload(session, opts, report);
  report.ms = performance.now() - started;
  return report;
}

/** The multipart upload is not a contract call (it has no JSON input); its form is fuzzed here. */
async function fuzzUpload(session: FuzzSession, opts: FuzzOptions, report: FuzzReport): Promise<void> {
  const png = await makePng(8, 8);
  const bytes = fc.oneof(
    fc.uint8Array({ maxLength: 512 }),
    fc.constant(new Uint8Array(png)),
    fc.uint8Array({ maxLength: 64 }).map((tail) => new Uint8Array([...png.subarray(0, 33), ...tail])),
    fc.constant(new Uint8Array(0)),
  );
  const arb = fc.record({
    token: fc.oneof(
      fc.constantFrom(...session.pools.uploadTokens),
      hostileString.filter((s) => s.length < 5000),
      fc.constant(null),
    ),
    field: fc.oneof({ weight: 4, arbitrary: fc.constant('file') }, { weight: 1, arbitrary: fc.string({ maxLength: 10 }) }),
    filename: fc.oneof(
      fc.constantFrom('a.png', '../../x.png', 'a.svg', ''),
      hostileString.filter((s) => s.length < 500),
    ),
    type: fc.constantFrom('image/png', 'image/jpeg', 'image/svg+xml', 'text/html', ''),
    bytes,
    twoFiles: fc.boolean(),
    auth: fc.constantFrom<AuthKind>('fuzz', 'fuzz', 'fuzz', 'none', 'bad'),
  });
  const cases = fc.sample(arb, { seed: opts.seed - 1, numRuns: opts.runs });
  await inPool(cases, opts.concurrency ?? 8, async (c, n) => {
    const form = new FormData();
    if (c.token !== null) form.append('token', c.token);
    form.append(c.field, new Blob([c.bytes], { type: c.type }), c.filename);
    if (c.twoFiles) form.append('file', new Blob([c.bytes], { type: c.type }), 'b.png');
    const token = tokenFor(c.auth, session, n, 'x');
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    let j: Judged;
    try {
      const res = await fetch(session.baseUrl + UPLOAD_PATH, { method: 'POST', headers, body: form, signal: AbortSignal.timeout(60_000) });
      j = await judge(res, null, UPLOAD_PATH.length);
    } catch (err) {
      j = { ok: false, why: `no answer: ${(err as Error).message}`, code: null, status: null, text: '' };
    }
    record(report, 'upload (multipart)', j, () => ({
      method: 'POST',
      url: UPLOAD_PATH,
      auth: c.auth,
      contentType: 'multipart/form-data',
      body: JSON.stringify({
        token: c.token?.slice(0, 200),
        field: c.field,
        filename: c.filename.slice(0, 200),
        type: c.type,
        bytes: c.bytes.length,
        twoFiles: c.twoFiles,
      }),
      bodyLength: c.bytes.length,
    }));
  });
}

// --- socket.io ---

const CLIENT_EVENTS = ['chat:join_room', 'chat:leave_room'] as const satisfies readonly (keyof ClientToServerEvents)[];

function openSocket(baseUrl: string, token: string): Promise<Socket> {
  const socket = io(baseUrl, { path: SOCKET_PATH, auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true, timeout: 5_000 });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

export interface SocketFuzzReport {
  events: number;
  acks: number;
  /** Times the server closed the connection (payloads over maxHttpBufferSize do that, cleanly). */
  closes: number;
  /** Known events sent with extra arguments (they must still be acknowledged). */
  unacked: number;
  failures: { event: string; payload: string; why: string }[];
}

/**
 * Emits every client→server event of the contracts, and unknown ones, with hostile payloads and
 * extra arguments. Each ack must be an Ack with a code other than 500; a closed socket is reopened
 * and counted; a real socket still joins the fuzz user's room at the end.
 */
export async function fuzzSocket(session: FuzzSession, opts: FuzzOptions): Promise<SocketFuzzReport> {
  const report: SocketFuzzReport = { events: 0, acks: 0, closes: 0, unacked: 0, failures: [] };
  const payload = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({ project_id: fc.oneof(fc.constantFrom(...session.pools.ownProjects, ...session.pools.foreignProjects), hostileString) }),
    },
    { weight: 3, arbitrary: hostileValue },
    { weight: 1, arbitrary: mutated(fc.record({ project_id: fc.constantFrom(...session.pools.ownProjects) })) },
  );
  const arb = fc.record({
    event: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom<string>(...CLIENT_EVENTS) },
      {
        weight: 1,
        arbitrary: fc.oneof(fc.constantFrom('error', 'ping', '__proto__', 'constructor', 'chat:message', 'project:updated'), fc.string({ maxLength: 20 })),
      },
    ),
    payload,
    extra: fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.array(hostileValue, { minLength: 1, maxLength: 2 }) }),
  });
  const cases = fc.sample(arb, { seed: opts.seed + 7, numRuns: opts.runs * (CLIENT_EVENTS.length + 1) });
  let socket = await openSocket(session.baseUrl, session.token);
  for (const c of cases) {
    if (!socket.connected) {
      report.closes++;
      socket.close();
      socket = await openSocket(session.baseUrl, session.token);
    }
    report.events++;
    const known = (CLIENT_EVENTS as readonly string[]).includes(c.event);
    const describe = () => `${JSON.stringify(c.payload)?.slice(0, 300)} +${c.extra.length} args`;
    if (!known) {
      // Unknown events have no handler, so no ack ever comes: send and move on; the next events and
      // the end check prove the server and the connection still work. connect/disconnect and the
      // like are refused by the client library itself, so never reach the server.
      if (!['connect', 'connect_error', 'disconnect', 'disconnecting', 'newListener', 'removeListener'].includes(c.event))
        socket.emit(c.event, c.payload, ...c.extra);
      continue;
    }
    // Known events answer even with extra arguments: the server takes the last one as the ack.
    if (c.extra.length > 0) report.unacked++;
    try {
      const ack = (await socket.timeout(10_000).emitWithAck(c.event, c.payload, ...c.extra)) as unknown;
      report.acks++;
      const a = ack as { code?: unknown; msg?: unknown };
      if (typeof a?.code !== 'number' || typeof a.msg !== 'string')
        report.failures.push({ event: c.event, payload: describe(), why: `ack is not {code, msg}: ${JSON.stringify(ack)}` });
      else if (a.code === 500) report.failures.push({ event: c.event, payload: describe(), why: `ack code 500: ${a.msg}` });
    } catch (err) {
      // No ack: fine only if the server closed the socket (payload over the buffer limit).
      if (socket.connected) report.failures.push({ event: c.event, payload: describe(), why: `no ack: ${(err as Error).message}` });
    }
  }
  try {
    const ack = (await socket.timeout(10_000).emitWithAck('chat:join_room', { project_id: session.pools.ownProjects[0] })) as { code: number };
    if (ack.code !== 0) report.failures.push({ event: 'chat:join_room', payload: 'own project after the fuzz', why: `ack code ${ack.code}` });
  } finally {
    socket.close();
  }
  return report;
}

/** A one-line summary of failures for assertion messages and the bench. */
export function describeFailures(failures: readonly { why: string; call?: string; event?: string }[], max = 5): string {
  const groups: Record<string, number> = {};
  for (const f of failures) {
    const k = `${f.call ?? f.event ?? ''}: ${f.why.slice(0, 80)}`;
    groups[k] = (groups[k] ?? 0) + 1;
  }
  return `${failures.length} failures ${JSON.stringify(groups, null, 1)}\nfirst: ${JSON.stringify(failures.slice(0, max), null, 1)}`;
}
