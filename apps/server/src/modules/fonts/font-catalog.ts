import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { artwork } from '@packsmith/design-engine';
import type { FontRecord } from '@packsmith/contracts';
import type { Logger } from 'pino';
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
export function createFontCatalog(deps: { absoluteUrl: (path: string) => string; log: Logger }) {
  let built: Promise<Built> | null = null;

  async function build(): Promise<Built> {
    const assets = new Map<string, FontAsset>();
    const records: FontRecord[] = [];
    // resvg loads fonts from files only: each subset is written here to be checked, then removed.
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'packsmith-fonts-'));
    try {
      for (const [i, pkg] of artwork.FONT_PACKAGES.entries()) records.push(await buildOne(i, pkg, scratch, assets));
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
    return { records, assets };
  }

  async function buildOne(i: number, pkg: artwork.FontPackage, scratch: string, assets: Map<string, FontAsset>): Promise<FontRecord> {
    const face = artwork.fontFace(pkg, 400, false);
    const ttf = await readFile(face.file);
    // The family name is the sample: what a font menu shows for each entry.
    const example = face.family;
    const png = artwork.renderSpecimenPng(face, example, { heightPx: PREVIEW_HEIGHT_PX });
    const mini = await checkedSubset(face, ttf, example, png, scratch);
    const names = { ttf: `${pkg}-${hash8(ttf)}.ttf`, mini: `${pkg}-${hash8(mini)}.mini.ttf`, png: `${pkg}-${hash8(png)}.png` };
    assets.set(names.ttf, { bytes: ttf, contentType: 'font/ttf' });
    assets.set(names.mini, { bytes: mini, contentType: 'font/ttf' });
    assets.set(names.png, { bytes: png, contentType: 'image/png' });
    const url = (name: string) => deps.absoluteUrl(`${FONT_ROUTE_PREFIX}${name}`);
    return {
      id: i + 1,
      font_name: face.family,
      file_path: url(names.ttf),
      mini_file_path: url(names.mini),
      example,
      sort: i + 1,
      preview_url: url(names.png),
    };
  }

  /**
   * The smallest subset that draws the example exactly as the full font does (the same PNG): first
   * with the pair kerning rewritten as a `kern` table, then with GPOS kept whole (cursive attachment,
   * contextual kerning); if neither does, the full file. A mini file that draws differently would be
   * worse than a large one.
   */
  async function checkedSubset(face: artwork.FontFace, ttf: Buffer, example: string, png: Buffer, scratch: string): Promise<Buffer> {
    for (const keepGpos of [false, true]) {
      const mini = subsetTtf(ttf, example, { keepGpos });
      const file = path.join(scratch, `${face.pkg}${keepGpos ? '-gpos' : ''}.mini.ttf`);
      await writeFile(file, mini);
      if (artwork.renderSpecimenPng({ ...face, file }, example, { heightPx: PREVIEW_HEIGHT_PX }).equals(png)) return mini;
    }
    deps.log.info({ font: face.family }, 'no font subset draws its example like the full font; serving the full file as mini_file_path');
    return ttf;
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
