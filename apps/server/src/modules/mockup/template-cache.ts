import sharp from 'sharp';
import { decodeTemplateMaps, type TemplateMaps } from '@packsmith/mockup';
import type { Storage } from '../../storage/storage.js';
import type { MockupTemplateRow } from './mockup-templates.repo.js';

/** A template ready to apply designs through: the scene's RGB bytes and its decoded maps. */
export interface DecodedTemplate {
  sceneRgb: Buffer;
  maps: TemplateMaps;
}

/**
 * Decoded templates kept between renders, least recently used out first, up to this many bytes.
 * Decoding is the expensive part of a render (two 16-bit PNGs and a JPEG at 2048 px: ~110 MB of
 * typed arrays, a few hundred ms), applying a design is ~70 ms; 320 MB keeps the two templates a
 * user alternates between at 2048 px, and many more of the small sizes tests use.
 */
export const TEMPLATE_CACHE_BYTES = 320 * 1024 * 1024;

const bytesOf = (t: DecodedTemplate): number =>
  t.sceneRgb.byteLength +
  t.maps.surface.byteLength +
  t.maps.coverage.byteLength +
  t.maps.u.byteLength +
  t.maps.v.byteLength +
  t.maps.shading.byteLength +
  t.maps.specular.byteLength +
  t.maps.depth.byteLength;

/** Reads a stored template's scene and maps and decodes them. Throws when a file is missing or does not decode. */
export async function loadTemplate(storage: Pick<Storage, 'get'>, row: MockupTemplateRow): Promise<DecodedTemplate> {
  const [scene, surfacePng, uvPng, lightPng] = await Promise.all([
    storage.get(row.sceneKey),
    storage.get(row.surfaceKey),
    storage.get(row.uvKey),
    storage.get(row.lightKey),
  ]);
  if (!scene || !surfacePng || !uvPng || !lightPng) throw new Error(`mockup template ${row.id}: a stored file is missing`);
  const surfaces = row.surfaces.map((s) => ({ role: s.role, ...(s.item !== undefined ? { item: s.item } : {}), designArea: { ...s.designArea } }));
  const maps = await decodeTemplateMaps({ surfacePng, uvPng, lightPng, meta: { width: row.width, height: row.height, surfaces } });
  const rgb = await sharp(scene)
    .removeAlpha()
    .toColourspace('srgb')
    .resize(maps.width, maps.height, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (rgb.info.channels !== 3) throw new Error(`mockup template ${row.id}: the scene decodes to ${rgb.info.channels} channels`);
  return { sceneRgb: rgb.data, maps };
}

/**
 * A small LRU of decoded templates, bounded by bytes. Concurrent renders of one template share one
 * decode; a failed decode is not remembered. Keyed by the template id and its map's storage key, so
 * a template stored again is decoded again.
 */
export function createTemplateCache(deps: { load: (row: MockupTemplateRow) => Promise<DecodedTemplate>; budgetBytes?: number }) {
  const budget = deps.budgetBytes ?? TEMPLATE_CACHE_BYTES;
  const entries = new Map<string, { promise: Promise<DecodedTemplate>; bytes: number }>();

  function evict(): void {
    let total = 0;
    for (const e of entries.values()) total += e.bytes;
    // Oldest first (a Map keeps insertion order and a hit re-inserts); the newest always stays.
    for (const [key, e] of entries) {
      if (total <= budget || entries.size <= 1) break;
      if (e.bytes === 0) continue;
      entries.delete(key);
      total -= e.bytes;
    }
  }

  return {
    get(row: MockupTemplateRow): Promise<DecodedTemplate> {
      const key = `${row.id}\u0000${row.uvKey}`;
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.promise;
      }
      const entry = { promise: deps.load(row), bytes: 0 };
      entries.set(key, entry);
      void entry.promise.then(
        (t) => {
          if (entries.get(key) !== entry) return;
          entry.bytes = bytesOf(t);
          evict();
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return entry.promise;
    },
    /** How many templates are held (decoded or decoding). */
    get size(): number {
      return entries.size;
    },
  };
}
export type TemplateCache = ReturnType<typeof createTemplateCache>;
