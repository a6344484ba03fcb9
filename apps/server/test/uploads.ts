import fs from 'node:fs';
import path from 'node:path';
import type { Envelope, UploadedFile } from '@packsmith/contracts';
import { files } from '../src/db/schema.js';
import type { TestClient } from './client.js';
import type { TestServer } from './harness.js';

export interface UploadOptions {
  token?: string | null;
  filename?: string;
  type?: string;
  field?: string;
  /** Put the token field after the file (browsers keep the order the fields were appended in). */
  tokenLast?: boolean;
}

/** A real multipart upload over fetch, like the browser sends it. */
export async function uploadFile(client: TestClient, bytes: Buffer, opts: UploadOptions = {}): Promise<Envelope<UploadedFile | null>> {
  const form = new FormData();
  const token = opts.token === undefined ? await uploadToken(client) : opts.token;
  if (token !== null && !opts.tokenLast) form.append('token', token);
  form.append(opts.field ?? 'file', new Blob([new Uint8Array(bytes)], { type: opts.type ?? 'image/png' }), opts.filename ?? 'photo.png');
  if (token !== null && opts.tokenLast) form.append('token', token);
  const headers: Record<string, string> = client.token ? { authorization: `Bearer ${client.token}` } : {};
  const res = await fetch(`${client.baseUrl}/api/upload`, { method: 'POST', headers, body: form });
  return (await res.json()) as Envelope<UploadedFile | null>;
}

export async function uploadToken(client: TestClient): Promise<string> {
  const r = await client.get<{ uploadToken: string }>('/api/aws/token');
  if (r.code !== 0 || !r.data) throw new Error(`aws/token failed: ${r.msg}`);
  return r.data.uploadToken;
}

/** Every stored file below DATA_DIR/files (temp files included), relative to it. */
export function filesOnDisk(server: TestServer): string[] {
  const root = path.join(server.dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)));
}

export async function fileRows(server: TestServer) {
  return server.built.database.db.select().from(files);
}
