/**
 * Local HTTP peers that speak the image engines' protocols, for adapter and integration tests:
 * the OpenAI images API (generations, edits) and ComfyUI (HTTP + websocket). They answer with
 * images made on the spot by sharp in colour patterns no design palette makes, so a test can
 * find a peer's imagery again in a rendered design. Every request is recorded.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { WebSocketServer, type WebSocket } from 'ws';

/** A checkerboard of two colours, `cells` × `cells`, as PNG. */
export async function patternPng(width: number, height: number, a: string, b: string, cells = 8): Promise<Buffer> {
  const cw = width / cells;
  const ch = height / cells;
  let rects = '';
  for (let y = 0; y < cells; y++)
    for (let x = 0; x < cells; x++) if ((x + y) % 2 === 0) rects += `<rect x="${x * cw}" y="${y * ch}" width="${cw}" height="${ch}" fill="${b}"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${a}"/>${rects}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The peers' colours: generated imagery is magenta/cyan, edited imagery orange/lime. */
export const PEER_COLOURS = {
  generated: { a: '#ff00ff', b: '#00e5ff', rgb: [255, 0, 255] as const },
  edited: { a: '#ff7a00', b: '#7dff00', rgb: [255, 122, 0] as const },
} as const;

/** Share of a PNG's pixels within `tol` of an RGB colour. */
export async function colourShare(png: Buffer, rgb: readonly [number, number, number], tol = 48): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let hit = 0;
  for (let i = 0; i < data.length; i += 3) {
    if (Math.abs(data[i]! - rgb[0]) <= tol && Math.abs(data[i + 1]! - rgb[1]) <= tol && Math.abs(data[i + 2]! - rgb[2]) <= tol) hit++;
  }
  return hit / (info.width * info.height);
}

interface Listening {
  server: http.Server;
  port: number;
  close(): Promise<void>;
}

async function listen(server: http.Server): Promise<Listening> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function body(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** A multipart/form-data body parsed the way a server would (undici's parser). */
async function formOf(
  req: http.IncomingMessage,
  raw: Buffer,
): Promise<{ fields: Record<string, string>; files: Record<string, { filename: string; type: string; bytes: Buffer }> }> {
  const form = await new Request('http://peer/', {
    method: 'POST',
    headers: { 'content-type': req.headers['content-type'] ?? '' },
    body: new Uint8Array(raw),
  }).formData();
  const fields: Record<string, string> = {};
  const files: Record<string, { filename: string; type: string; bytes: Buffer }> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields[name] = value;
    else files[name] = { filename: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
  }
  return { fields, files };
}

function json(res: http.ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(payload));
}

// ---------------------------------------------------------------- OpenAI images

export interface OpenAiSeenRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string;
  /** Generations: the JSON body. */
  json: { model?: string; prompt?: string; n?: number; size?: string; response_format?: string } | null;
  /** Edits: the form fields and files (image, mask). */
  form: { fields: Record<string, string>; files: Record<string, { filename: string; type: string; bytes: Buffer }> } | null;
}

/** What a test makes the peer do for one request; undefined = the normal answer. */
export type OpenAiScript = (
  req: OpenAiSeenRequest,
  n: number,
) => { status?: number; body?: unknown; headers?: Record<string, string>; hang?: boolean } | 'url' | undefined;

export interface OpenAiImagesPeer {
  /** Base URL including /v1, as IMAGE_BASE_URL. */
  url: string;
  requests: OpenAiSeenRequest[];
  /** Changes the behaviour from now on. */
  script: OpenAiScript | null;
  close(): Promise<void>;
}

/**
 * The OpenAI images API: POST /v1/images/generations (JSON) and /v1/images/edits (multipart with
 * image and mask). Checks the bearer key (401 otherwise), answers `n` PNGs of the asked size as
 * b64_json — or as URLs on itself (GET /files/<name>) when the script says 'url'.
 */
export async function startOpenAiImagesPeer(opts: { apiKey?: string | null } = {}): Promise<OpenAiImagesPeer> {
  const apiKey = opts.apiKey === undefined ? 'sk-test' : opts.apiKey;
  const files = new Map<string, Buffer>();
  const requests: OpenAiSeenRequest[] = [];
  let counter = 0;
  const peer: OpenAiImagesPeer = {
    url: '',
    requests,
    script: null,
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    void (async () => {
      const raw = await body(req);
      const path = new URL(req.url ?? '/', 'http://peer').pathname;
      if (req.method === 'GET' && path.startsWith('/files/')) {
        const file = files.get(path.slice('/files/'.length));
        if (!file) return json(res, 404, { error: { message: 'no such file' } });
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(file);
      }
      const contentType = req.headers['content-type'] ?? '';
      const seen: OpenAiSeenRequest = {
        method: req.method ?? '',
        path,
        authorization: req.headers.authorization,
        contentType,
        json: contentType.includes('application/json') ? (JSON.parse(raw.toString('utf8')) as OpenAiSeenRequest['json']) : null,
        form: contentType.includes('multipart/form-data') ? await formOf(req, raw) : null,
      };
      requests.push(seen);
      if (apiKey && req.headers.authorization !== `Bearer ${apiKey}`) {
        return json(res, 401, { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } });
      }
      const scripted = peer.script?.(seen, requests.length);
      if (scripted && scripted !== 'url') {
        if (scripted.hang) return; // never answers: the client's time limit must end it
        return json(res, scripted.status ?? 200, scripted.body ?? {}, scripted.headers);
      }
      const edit = path === '/v1/images/edits';
      if (path !== '/v1/images/generations' && !edit) return json(res, 404, { error: { message: `no route ${path}` } });
      const n = Number(edit ? seen.form?.fields.n : seen.json?.n) || 1;
      const [w, h] = String((edit ? seen.form?.fields.size : seen.json?.size) ?? '1024x1024')
        .split('x')
        .map(Number);
      const colours = edit ? PEER_COLOURS.edited : PEER_COLOURS.generated;
      const data = await Promise.all(
        Array.from({ length: n }, async () => {
          const png = await patternPng(w || 1024, h || 1024, colours.a, colours.b);
          if (scripted === 'url') {
            const name = `img-${++counter}.png`;
            files.set(name, png);
            return { url: `${peer.url.replace(/\/v1$/, '')}/files/${name}` };
          }
          return { b64_json: png.toString('base64') };
        }),
      );
      json(res, 200, { created: Math.floor(Date.now() / 1000), data });
    })().catch((err: unknown) => json(res, 500, { error: { message: String(err) } }));
  });
  const l = await listen(server);
  peer.url = `http://127.0.0.1:${l.port}/v1`;
  peer.close = l.close;
  return peer;
}

// ---------------------------------------------------------------- ComfyUI

export interface ComfyPrompt {
  id: string;
  clientId: string;
  workflow: Record<string, { class_type: string; inputs: Record<string, unknown> }>;
}

export interface ComfyBehaviour {
  /** Answer the next N POST /prompt with HTTP 500 first. */
  failPrompts?: number;
  /** Report this exception as execution_error instead of finishing. */
  executionError?: string;
  /** Accept the prompt and never finish it. */
  stall?: boolean;
  /** Close the prompt's websocket right after accepting it (the client must poll /history). */
  dropSocket?: boolean;
  /** Answer POST /prompt with HTTP 400 and this node error. */
  rejectPrompt?: string;
}

export interface ComfyUiPeer {
  /** As COMFYUI_URL. */
  url: string;
  prompts: ComfyPrompt[];
  uploads: { name: string; bytes: Buffer; type: string }[];
  /** Every HTTP request as "METHOD /path". */
  log: string[];
  behaviour: ComfyBehaviour;
  close(): Promise<void>;
}

/** Images a workflow makes: its EmptyLatentImage batch or RepeatLatentBatch amount, else 1. */
function batchOf(workflow: ComfyPrompt['workflow']): number {
  for (const node of Object.values(workflow)) {
    const n = Number(node.inputs.batch_size ?? node.inputs.amount);
    if (Number.isFinite(n) && n > 0) return n;
  }
  return 1;
}

function sizeOf(workflow: ComfyPrompt['workflow']): [number, number] {
  for (const node of Object.values(workflow)) {
    if (typeof node.inputs.width === 'number' && typeof node.inputs.height === 'number') return [node.inputs.width, node.inputs.height];
  }
  return [512, 512];
}

/**
 * ComfyUI's API: POST /prompt, websocket /ws?clientId= (status, execution_start, executing,
 * progress ×3, executed, executing null — or execution_error), GET /history/{id}, GET /view,
 * POST /upload/image, POST /queue and /interrupt. Workflows with a LoadImage node are edits and
 * answer the "edited" colours.
 */
export async function startComfyUiPeer(): Promise<ComfyUiPeer> {
  const prompts: ComfyPrompt[] = [];
  const uploads: ComfyUiPeer['uploads'] = [];
  const log: string[] = [];
  const views = new Map<string, Buffer>();
  const history = new Map<string, unknown>();
  const sockets = new Map<string, WebSocket>();
  const behaviour: ComfyBehaviour = {};
  let counter = 0;

  const send = (clientId: string, type: string, data: Record<string, unknown>) => {
    const ws = sockets.get(clientId);
    if (ws && ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type, data }));
  };

  async function execute(p: ComfyPrompt): Promise<void> {
    const edit = Object.values(p.workflow).some((n) => n.class_type === 'LoadImage');
    const colours = edit ? PEER_COLOURS.edited : PEER_COLOURS.generated;
    const [w, h] = edit ? [768, 768] : sizeOf(p.workflow);
    const tick = () => new Promise((r) => setTimeout(r, 15));
    send(p.clientId, 'execution_start', { prompt_id: p.id, timestamp: Date.now() });
    send(p.clientId, 'executing', { node: '3', display_node: '3', prompt_id: p.id });
    // A binary preview frame, as ComfyUI sends while sampling.
    sockets.get(p.clientId)?.send(Buffer.from([0, 0, 0, 1, 0, 0, 0, 2]), { binary: true });
    for (let v = 1; v <= 3; v++) {
      await tick();
      send(p.clientId, 'progress', { value: v, max: 3, prompt_id: p.id, node: '3' });
    }
    if (behaviour.executionError) {
      send(p.clientId, 'execution_error', {
        prompt_id: p.id,
        node_id: '3',
        node_type: 'KSampler',
        exception_message: behaviour.executionError,
        exception_type: 'RuntimeError',
        traceback: [],
      });
      history.set(p.id, { prompt: [], outputs: {}, status: { status_str: 'error', completed: false, messages: [] } });
      return;
    }
    const images = await Promise.all(
      Array.from({ length: batchOf(p.workflow) }, async () => {
        const filename = `packsmith_${String(++counter).padStart(5, '0')}_.png`;
        views.set(`output/${filename}`, await patternPng(w, h, colours.a, colours.b));
        return { filename, subfolder: '', type: 'output' };
      }),
    );
    history.set(p.id, {
      prompt: [0, p.id, p.workflow, {}, ['9']],
      outputs: { '9': { images } },
      status: { status_str: 'success', completed: true, messages: [] },
    });
    send(p.clientId, 'executed', { node: '9', display_node: '9', output: { images }, prompt_id: p.id });
    send(p.clientId, 'executing', { node: null, prompt_id: p.id });
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const raw = await body(req);
      const url = new URL(req.url ?? '/', 'http://peer');
      log.push(`${req.method} ${url.pathname}`);
      if (req.method === 'POST' && url.pathname === '/prompt') {
        if ((behaviour.failPrompts ?? 0) > 0) {
          behaviour.failPrompts = (behaviour.failPrompts ?? 0) - 1;
          return json(res, 500, { error: 'server busy' });
        }
        const payload = JSON.parse(raw.toString('utf8')) as { prompt: ComfyPrompt['workflow']; client_id: string };
        if (behaviour.rejectPrompt) {
          return json(res, 400, {
            error: { type: 'prompt_outputs_failed_validation', message: 'Prompt outputs failed validation', details: behaviour.rejectPrompt },
            node_errors: {},
          });
        }
        const p: ComfyPrompt = { id: `p-${prompts.length + 1}-${Date.now().toString(36)}`, clientId: payload.client_id, workflow: payload.prompt };
        prompts.push(p);
        json(res, 200, { prompt_id: p.id, number: prompts.length, node_errors: {} });
        if (behaviour.stall) return;
        if (behaviour.dropSocket) {
          sockets.get(p.clientId)?.close();
          // Finished later; the client has to find it in /history.
          setTimeout(() => void execute(p), 50);
          return;
        }
        setTimeout(() => void execute(p), 10);
        return;
      }
      if (req.method === 'GET' && url.pathname.startsWith('/history/')) {
        const id = decodeURIComponent(url.pathname.slice('/history/'.length));
        const entry = history.get(id);
        return json(res, 200, entry ? { [id]: entry } : {});
      }
      if (req.method === 'GET' && url.pathname === '/view') {
        const file = views.get(
          `${url.searchParams.get('type')}/${url.searchParams.get('subfolder') ? `${url.searchParams.get('subfolder')}/` : ''}${url.searchParams.get('filename')}`,
        );
        if (!file) return json(res, 404, { error: 'not found' });
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(file);
      }
      if (req.method === 'POST' && url.pathname === '/upload/image') {
        const form = await formOf(req, raw);
        const image = form.files.image;
        if (!image) return json(res, 400, { error: 'no image' });
        uploads.push({ name: image.filename, bytes: image.bytes, type: form.fields.type ?? 'input' });
        return json(res, 200, { name: image.filename, subfolder: '', type: form.fields.type ?? 'input' });
      }
      if (req.method === 'POST' && (url.pathname === '/queue' || url.pathname === '/interrupt')) return json(res, 200, {});
      json(res, 404, { error: `no route ${url.pathname}` });
    })().catch((err: unknown) => json(res, 500, { error: String(err) }));
  });

  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    if (url.pathname !== '/ws') {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const clientId = url.searchParams.get('clientId') ?? '';
      sockets.set(clientId, ws);
      ws.send(JSON.stringify({ type: 'status', data: { status: { exec_info: { queue_remaining: 0 } }, sid: clientId } }));
    });
  });

  const l = await listen(server);
  return {
    url: `http://127.0.0.1:${l.port}`,
    prompts,
    uploads,
    log,
    behaviour,
    async close() {
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      await l.close();
    },
  };
}

/** A local port with nothing listening: a peer that is down. */
export async function closedPortUrl(): Promise<string> {
  const l = await listen(http.createServer());
  await l.close();
  return `http://127.0.0.1:${l.port}`;
}
