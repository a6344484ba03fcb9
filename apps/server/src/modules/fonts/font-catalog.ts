import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { artwork } from '@packsmith/design-engine';
import type { FontRecord } from '@packsmith/contracts';
import { subsetTtf } from './ttf-subset.js';

/** Where the font files are served (fonts.routes.ts); names carry a content hash, so they are cached for good. */
export const FONT_ROUTE_PREFIX = '/fonts/';

export interface FontAsset {
  bytes: Buffer;
  contentType: 'font/ttf' | 'image/png';
}

interface Built {
  records: FontRecord[];
  assets: Map<string, FontAsset>;
}

/** The preview's height in px: twice a 48 px menu row, sharp on high-density screens. */
const PREVIEW_HEIGHT_PX = 96;

const hash8 = (b: Buffer) => createHash('sha256').update(b).digest('hex').slice(0, 8);

/**
 * The font records of SPEC §3 (GET /api/font/list): one per family the design engine ships, its
 * regular face. Each serves its TTF, a subset TTF with only the example's glyphs, and a PNG of the
 * example set in it. Everything is built once on first use and kept in memory (14 families: about
 * 3 MB of TTFs and some kilobytes of subsets and previews).
 */
export function createFontCatalog(deps: { absoluteUrl: (path: string) => string }) {
  let built: Promise<Built> | null = null;

  async function build(): Promise<Built> {
    const assets = new Map<string, FontAsset>();
    const records: FontRecord[] = [];
    for (const [i, pkg] of artwork.FONT_PACKAGES.entries()) {
      const face = artwork.fontFace(pkg, 400, false);
      const ttf = await readFile(face.file);
      // The family name is the sample: what a font menu shows for each entry.
      const example = face.family;
      const mini = subsetTtf(ttf, example);
      const png = artwork.renderSpecimenPng(face, example, { heightPx: PREVIEW_HEIGHT_PX });
      const names = { ttf: `${pkg}-${hash8(ttf)}.ttf`, mini: `${pkg}-${hash8(mini)}.mini.ttf`, png: `${pkg}-${hash8(png)}.png` };
      assets.set(names.ttf, { bytes: ttf, contentType: 'font/ttf' });
      assets.set(names.mini, { bytes: mini, contentType: 'font/ttf' });
      assets.set(names.png, { bytes: png, contentType: 'image/png' });
      const url = (name: string) => deps.absoluteUrl(`${FONT_ROUTE_PREFIX}${name}`);
      records.push({
        id: i + 1,
        font_name: face.family,
        file_path: url(names.ttf),
        mini_file_path: url(names.mini),
        example,
        sort: i + 1,
        preview_url: url(names.png),
      });
    }
    return { records, assets };
  }

  const ready = (): Promise<Built> => {
    built ??= build().catch((err: unknown) => {
      // A failed build is not cached: the next call tries again.
      built = null;
      throw err;
    });
    return built;
  };

  return {
    async list(): Promise<{ list: FontRecord[] }> {
      return { list: (await ready()).records };
    },
    /** A served file by its name below /fonts/, or null. */
    async asset(name: string): Promise<FontAsset | null> {
      return (await ready()).assets.get(name) ?? null;
    },
  };
}
export type FontCatalog = ReturnType<typeof createFontCatalog>;
