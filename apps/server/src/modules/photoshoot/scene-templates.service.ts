import sharp from 'sharp';
import {
  SCENE_CATEGORIES,
  SCENE_FAMILIES,
  SceneCategorySchema,
  SceneFamilySchema,
  SceneLightSchema,
  type SceneCategory,
  type SceneFamily,
  type SceneTemplate,
} from '@packsmith/contracts';
import { newId } from '../../lib/ids.js';
import { newFileKey, type Storage } from '../../storage/storage.js';
import type { FileRepo } from '../files/index.js';
import { rankByScore } from './palette.js';
import type { RenderedScene, SceneEngine, SceneSuggestion } from './scene-adapter.js';
import { seedPlan, type SeedSlot } from './scene-catalog.js';
import type { SceneTemplateRow, SceneTemplatesRepo } from './scene-templates.repo.js';

/** Scene images are stored under this owner segment (`u/_scenes/…`): no user id starts with "_scenes". */
export const SCENE_KEY_OWNER = '_scenes';
/** Longer side of a gallery thumbnail, px. */
export const THUMBNAIL_SIDE = 512;
/** Showcase scenes on the landing. */
const LANDING_COUNT = 8;
/**
 * Longer side of an on-demand preview, px: a quarter of a 2048 scene's pixels. Three render
 * together in 0.4–0.7 s on a warmed worker thread here (1.2 s on a cold one: see warmUp).
 */
export const PREVIEW_SIZE = 1024;
/** The preview renderer's worker thread goes after this long unused (bursts of first photos reuse it). */
const PREVIEW_IDLE_MS = 60_000;
/** Previews not rendered by then are given up: the cut-out is recommended without them. */
const PREVIEW_DEADLINE_MS = 10_000;

/** A scene rendered on demand for one product (not stored here: the caller keeps it). */
export interface RenderedPreview {
  family: SceneFamily;
  seed: number;
  scene: RenderedScene;
  /** The same score the curated templates are ranked by (higher is better). */
  score: number;
}

export interface ScoredTemplate {
  template: SceneTemplate;
  score: number;
}

export interface TemplateFilters {
  category?: SceneCategory;
  color?: string;
  family?: SceneFamily;
  page_index: number;
  page_size: number;
}

export interface SeedReport {
  created: number;
  existing: number;
  /** Scenes another process stored first (our copy was thrown away). */
  lostRaces: number;
  failed: number;
}

export interface SceneTemplatesDeps {
  repo: SceneTemplatesRepo;
  /** Scene images are registered as public files. */
  fileRepo: Pick<FileRepo, 'insert' | 'deleteByKey'>;
  storage: Pick<Storage, 'put' | 'delete' | 'publicUrl'>;
  scenes: SceneEngine;
  perFamily: number;
  size: number;
  log: { info(obj: Record<string, unknown>, msg: string): void; warn(obj: Record<string, unknown>, msg: string): void };
}

/**
 * The curated scene gallery: generated at first start (in the background, after the server
 * listens), stored through the storage driver and registered as public files, then served to
 * everyone. Lists answer whatever exists so far.
 */
export function createSceneTemplates(deps: SceneTemplatesDeps) {
  const { repo, fileRepo, storage, log } = deps;
  let seeding: { promise: Promise<SeedReport>; abort: AbortController } | null = null;
  let seedingEnded = false;
  /** Called when seeding ends a round: new curated scenes may replace previews (scene-previews.ts). */
  const roundListeners: (() => Promise<void>)[] = [];
  // The preview renderer: its own worker thread when the engine can fork one, so a preview never
  // waits for the seeding render in progress; closed when unused for PREVIEW_IDLE_MS.
  let previewEngine: SceneEngine | null = null;
  let previewUsers = 0;
  let previewIdle: NodeJS.Timeout | null = null;

  function toDto(row: SceneTemplateRow): SceneTemplate | null {
    const family = SceneFamilySchema.safeParse(row.family);
    const category = SceneCategorySchema.safeParse(row.category);
    const light = SceneLightSchema.safeParse(row.light);
    if (!family.success || !category.success || !light.success) return null;
    return {
      id: row.id,
      name: row.name,
      family: family.data,
      category: category.data,
      colors: [...row.colors],
      color_tags: [...row.colorTags],
      image_url: storage.publicUrl(row.imageKey),
      thumbnail_url: storage.publicUrl(row.thumbnailKey),
      width: row.width,
      height: row.height,
      light: light.data,
      floor_y: Math.min(1, Math.max(0, row.floorY)),
    };
  }

  const dtos = (rows: readonly SceneTemplateRow[]): SceneTemplate[] => rows.flatMap((row) => toDto(row) ?? []);

  function matches(t: SceneTemplate, f: Omit<TemplateFilters, 'page_index' | 'page_size'>): boolean {
    const color = f.color?.trim().toLowerCase();
    return (
      (!f.category || t.category === f.category) && (!f.family || t.family === f.family) && (!color || t.color_tags.some((c) => c.toLowerCase() === color))
    );
  }

  function page(list: readonly SceneTemplate[], f: TemplateFilters): { list: SceneTemplate[]; total: number } {
    const start = (f.page_index - 1) * f.page_size;
    return { list: list.slice(start, start + f.page_size), total: list.length };
  }

  /** Templates ranked for a product with their scores (gallery order, score 0, before its palette is known). */
  async function scored(palette: readonly string[] | null, product?: string): Promise<ScoredTemplate[]> {
    const rows = await repo.all();
    if (!palette || palette.length === 0 || rows.length === 0) return dtos(rows).map((template) => ({ template, score: 0 }));
    const score = await deps.scenes.scorer(palette, product);
    const items = rows.map((row) => {
      const family = SceneFamilySchema.safeParse(row.family);
      return { row, position: row.position, score: family.success ? score({ family: family.data, colors: row.colors }) : -Infinity };
    });
    return rankByScore(items, (item) => item.score).flatMap((item) => {
      const template = toDto(item.row);
      return template ? [{ template, score: item.score }] : [];
    });
  }

  /** Templates ranked for a product (gallery order before its palette is known). */
  async function ranked(palette: readonly string[] | null, product?: string): Promise<SceneTemplate[]> {
    return (await scored(palette, product)).map((s) => s.template);
  }

  async function seedOne(slot: SeedSlot): Promise<'created' | 'lost'> {
    const scene = await deps.scenes.render({ family: slot.family, seed: slot.seed, size: deps.size });
    const thumb = await sharp(scene.png)
      .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const now = new Date();
    const imageKey = newFileKey(SCENE_KEY_OWNER, 'png', now);
    const thumbnailKey = newFileKey(SCENE_KEY_OWNER, 'jpg', now);
    const written: string[] = [];
    try {
      await storage.put(imageKey, scene.png, 'image/png');
      written.push(imageKey);
      await storage.put(thumbnailKey, thumb.data, 'image/jpeg');
      written.push(thumbnailKey);
      // Public files with no owner: any user may use them as a background or download them.
      await fileRepo.insert({
        key: imageKey,
        userId: null,
        mime: 'image/png',
        width: scene.width,
        height: scene.height,
        size: scene.png.length,
        isPublic: true,
      });
      await fileRepo.insert({
        key: thumbnailKey,
        userId: null,
        mime: 'image/jpeg',
        width: thumb.info.width,
        height: thumb.info.height,
        size: thumb.data.length,
        isPublic: true,
      });
      const row = await repo.insertOnce({
        id: newId(),
        family: slot.family,
        seed: slot.seed,
        name: scene.variant ? `${slot.name} · ${scene.variant}` : slot.name,
        category: scene.category,
        colors: scene.colors,
        colorTags: scene.colorTags,
        imageKey,
        thumbnailKey,
        width: scene.width,
        height: scene.height,
        light: scene.light,
        floorY: scene.floorY,
        position: slot.position,
      });
      if (row) return 'created';
    } catch (err) {
      await removeQuietly(written);
      throw err;
    }
    // Another process stored this (family, seed) first: ours is a duplicate nobody references.
    await removeQuietly(written);
    return 'lost';
  }

  async function removeQuietly(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      try {
        await fileRepo.deleteByKey(key);
        await storage.delete(key);
      } catch (err) {
        log.warn({ err, key }, 'scenes: could not remove an unreferenced scene file; safe to delete');
      }
    }
  }

  /** Seeding's renderer: its worker thread goes when seeding ends. */
  async function closeEngine(): Promise<void> {
    // Previews without a renderer of their own still use this one.
    if (previewEngine === deps.scenes && previewUsers > 0) return;
    try {
      await deps.scenes.close?.();
    } catch (err) {
      log.warn({ err }, 'scenes: closing the scene renderer failed');
    }
  }

  function acquirePreviews(): SceneEngine {
    previewUsers += 1;
    if (previewIdle) clearTimeout(previewIdle);
    previewIdle = null;
    return (previewEngine ??= deps.scenes.fork?.() ?? deps.scenes);
  }

  function releasePreviews(): void {
    previewUsers -= 1;
    if (previewUsers > 0) return;
    previewIdle = setTimeout(() => void closePreviews(), PREVIEW_IDLE_MS);
    // An idle renderer never keeps the process alive.
    previewIdle.unref();
  }

  /** `force` (shutdown): also while previews are in progress (they end as failed renders). */
  async function closePreviews(force = false): Promise<void> {
    if (previewIdle) clearTimeout(previewIdle);
    previewIdle = null;
    const engine = previewEngine;
    if (!engine || (previewUsers > 0 && !force)) return;
    previewEngine = null;
    // Seeding closes its own renderer when it ends.
    if (engine === deps.scenes && seeding && !seedingEnded) return;
    try {
      await engine.close?.();
    } catch (err) {
      log.warn({ err }, 'scenes: closing the preview renderer failed');
    }
  }

  async function endOfRound(): Promise<void> {
    for (const listener of roundListeners) {
      try {
        await listener();
      } catch (err) {
        log.warn({ err }, 'scenes: a listener of new scene templates failed');
      }
    }
  }

  async function seed(signal: AbortSignal): Promise<SeedReport> {
    const report: SeedReport = { created: 0, existing: 0, lostRaces: 0, failed: 0 };
    const plan = seedPlan(deps.perFamily);
    if (plan.length === 0) return report;
    const existing = await repo.existingKeys();
    const started = Date.now();
    let round = 0;
    for (const slot of plan) {
      if (signal.aborted) break;
      if (slot.round !== round) {
        // A round gives every family a scene: previews of those families can give way now.
        round = slot.round;
        await endOfRound();
      }
      if (existing.has(`${slot.family}:${slot.seed}`)) {
        report.existing += 1;
        continue;
      }
      try {
        const outcome = await seedOne(slot);
        if (outcome === 'created') report.created += 1;
        else report.lostRaces += 1;
      } catch (err) {
        // One family failing must not stop the others; the next start tries it again.
        if (signal.aborted) break;
        report.failed += 1;
        log.warn({ err, family: slot.family, seed: slot.seed }, 'scenes: a scene template could not be generated');
      }
      // Let requests in between scenes: this runs in the serving process.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    // Also when nothing was created: a process that stopped before its listeners ran left previews behind.
    if (!signal.aborted) await endOfRound();
    if (report.created > 0 || report.failed > 0) log.info({ ...report, ms: Date.now() - started }, 'scenes: scene templates seeded');
    return report;
  }

  return {
    toDto,

    /** The template stored under a storage key (full image or thumbnail), or null. */
    findByKey: (key: string) => repo.findByKey(key),
    findById: (id: string) => repo.findById(id),

    /** GET /api/photoshoot/landing/template/list: the first scene of each family, a few of them. */
    async landing(): Promise<{ list: SceneTemplate[]; total: number }> {
      const seen = new Set<string>();
      const list = dtos(await repo.all()).filter((t) => {
        if (seen.has(t.family)) return false;
        seen.add(t.family);
        return true;
      });
      const showcase = list.slice(0, LANDING_COUNT);
      return { list: showcase, total: showcase.length };
    },

    /** Templates for a product palette (best first), filtered and paged. */
    async list(filters: TemplateFilters, product: { palette: readonly string[] | null; name?: string }): Promise<{ list: SceneTemplate[]; total: number }> {
      return page(
        (await ranked(product.palette, product.name)).filter((t) => matches(t, filters)),
        filters,
      );
    },

    /** The public gallery: gallery order, filters, and the facets the filters offer. */
    async publicList(filters: TemplateFilters): Promise<{ list: SceneTemplate[]; total: number; categories: SceneCategory[]; colors: string[] }> {
      const all = dtos(await repo.all());
      const present = new Set(all.map((t) => t.category));
      const counts = new Map<string, number>();
      for (const t of all) for (const c of new Set(t.color_tags)) counts.set(c, (counts.get(c) ?? 0) + 1);
      const colors = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([c]) => c);
      return {
        ...page(
          all.filter((t) => matches(t, filters)),
          filters,
        ),
        categories: SCENE_CATEGORIES.filter((c) => present.has(c)),
        colors,
      };
    },

    /**
     * Starts seeding in the background (once per process); answers at once. Idempotent across
     * processes and restarts: existing (family, seed) pairs are skipped and a lost race is undone.
     */
    startSeeding(): Promise<SeedReport> {
      if (!seeding) {
        const abort = new AbortController();
        const promise = seed(abort.signal)
          .catch((err: unknown) => {
            log.warn({ err }, 'scenes: seeding stopped; the next start continues');
            return { created: 0, existing: 0, lostRaces: 0, failed: 0 };
          })
          .finally(() => {
            seedingEnded = true;
            return closeEngine();
          });
        seeding = { promise, abort };
      }
      return seeding.promise;
    },

    /** Stops seeding after the scene in progress, and the preview renderer (shutdown). */
    async stopSeeding(): Promise<void> {
      seeding?.abort.abort();
      // The render in progress ends at once (its worker goes) rather than being waited for: a 2048 px
      // scene takes seconds, many more on a busy machine, and shutdown has 15 s for everything.
      await closePreviews(true);
      await closeEngine();
      await seeding?.promise;
    },

    /** How many curated templates exist (fewer than MIN_RECOMMENDED: a cut-out renders previews). */
    count: () => repo.count(),

    /** Starts the preview renderer ahead of a render (its worker thread takes ~1 s to load the engine). */
    async warmPreviews(): Promise<void> {
      const engine = acquirePreviews();
      try {
        await engine.warmUp?.();
      } finally {
        releasePreviews();
      }
    },

    /**
     * Quick previews for one product: `count` of the best-matching families not in `exclude` (the
     * engine's palette match), coloured from the palette, PREVIEW_SIZE px, rendered together off
     * the serving thread. A preview that fails or misses the deadline is left out (logged).
     */
    async previews(
      product: { palette: readonly string[]; name?: string },
      count: number,
      exclude: ReadonlySet<SceneFamily>,
      signal?: AbortSignal,
    ): Promise<RenderedPreview[]> {
      if (count <= 0) return [];
      signal?.throwIfAborted();
      const engine = acquirePreviews();
      try {
        const suggested: SceneSuggestion[] = (await engine.suggest?.(product.palette, product.name)) ?? SCENE_FAMILIES.map((family) => ({ family, seed: 1 }));
        const picks = suggested.filter((s) => !exclude.has(s.family)).slice(0, count);
        const score = await deps.scenes.scorer(product.palette, product.name);
        const done: RenderedPreview[] = [];
        const all = Promise.all(
          picks.map(async (pick) => {
            try {
              const scene = await engine.render({ family: pick.family, seed: pick.seed, size: PREVIEW_SIZE, palette: product.palette });
              done.push({ ...pick, scene, score: score({ family: pick.family, colors: scene.colors }) });
            } catch (err) {
              log.warn({ err, family: pick.family }, 'scenes: a preview could not be rendered');
            }
          }),
        );
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<void>((resolve) => {
          timer = setTimeout(() => {
            log.warn({ count: picks.length, rendered: done.length }, 'scenes: previews missed their deadline');
            resolve();
          }, PREVIEW_DEADLINE_MS);
        });
        const aborted = new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve(), { once: true }));
        await Promise.race([all, late, aborted]).finally(() => clearTimeout(timer));
        signal?.throwIfAborted();
        // A copy: renders finishing after the deadline must not change what the caller holds.
        return [...done].sort((a, b) => b.score - a.score);
      } finally {
        releasePreviews();
      }
    },

    /** Templates for a product with their scores, best first (a cut-out recommends the first few). */
    scored: (product: { palette: readonly string[]; name?: string }) => scored(product.palette, product.name),

    /** `listener` runs each time seeding ends a round (every family got a scene, or tried). */
    onRoundSeeded(listener: () => Promise<void>): void {
      roundListeners.push(listener);
    },
  };
}
export type SceneTemplatesService = ReturnType<typeof createSceneTemplates>;
