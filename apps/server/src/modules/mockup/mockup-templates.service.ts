import {
  MOCKUP_CATEGORIES,
  MaterialTypeSchema,
  MockupCategoryNameSchema,
  type MockupCategoryName,
  type MockupTemplate,
  type MockupTemplateInfo,
} from '@packsmith/contracts';
import { MOCKUP_TEMPLATES, type LibraryTemplateSpec } from '@packsmith/mockup';
import { forbidden, notFound } from '../../http/errors.js';
import { newFileKey, type FileExt, type Storage } from '../../storage/storage.js';
import type { FileRepo } from '../files/index.js';
import type { MockupRenderer } from './mockup-render.js';
import type { MockupTemplateRow, MockupTemplatesRepo } from './mockup-templates.repo.js';

/** Template files are stored under this owner segment (`u/_mockups/…`): no user id starts with "_mockups". */
export const MOCKUP_KEY_OWNER = '_mockups';

export interface MockupTemplateFilters {
  category?: MockupCategoryName;
  keyword?: string;
  /** 1: only the caller's own custom templates. */
  mine?: number;
  page_index: number;
  page_size: number;
}

export interface MockupSeedReport {
  created: number;
  existing: number;
  /** Templates another process stored first (our copy was thrown away). */
  lostRaces: number;
  failed: number;
}

export interface MockupTemplatesDeps {
  repo: MockupTemplatesRepo;
  /** Template files are registered as public files. */
  fileRepo: Pick<FileRepo, 'insert' | 'deleteByKey'>;
  storage: Pick<Storage, 'put' | 'delete' | 'publicUrl'>;
  renderer: MockupRenderer;
  /** How many library templates to seed; null = all of them. */
  seedCount: number | null;
  /** Side of the rendered templates, px. */
  size: number;
  /** The library (tests pass a few specs). */
  library?: readonly LibraryTemplateSpec[];
  log: { info(obj: Record<string, unknown>, msg: string): void; warn(obj: Record<string, unknown>, msg: string): void };
}

/**
 * The library in seeding order: the first template of every category, then the second of each…,
 * so a partly seeded library (or a small MOCKUP_TEMPLATES_SEED) still shows every category.
 */
export function mockupSeedPlan(library: readonly LibraryTemplateSpec[], count: number | null): LibraryTemplateSpec[] {
  const queues = MOCKUP_CATEGORIES.map((c) => library.filter((t) => t.category === c.name));
  const plan: LibraryTemplateSpec[] = [];
  for (let i = 0; queues.some((q) => i < q.length); i++) for (const q of queues) if (i < q.length) plan.push(q[i] as LibraryTemplateSpec);
  return count === null ? plan : plan.slice(0, count);
}

/** Every word of the keyword appears (any case) in the name or in one of the keywords. */
function matchesKeyword(t: MockupTemplate, keyword: string | undefined): boolean {
  const words = (keyword ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [t.name.toLowerCase(), ...t.keywords.map((k) => k.toLowerCase())];
  return words.every((w) => haystack.some((h) => h.includes(w)));
}

/**
 * The mockup template library as served: rendered at first start (in the background, after the
 * server listens, one at a time in a worker thread), stored through the storage driver as public
 * files, then listed to everyone. Lists answer whatever exists so far.
 */
export function createMockupTemplates(deps: MockupTemplatesDeps) {
  const { repo, fileRepo, storage, log } = deps;
  const library = deps.library ?? MOCKUP_TEMPLATES;
  let seeding: { promise: Promise<MockupSeedReport>; abort: AbortController } | null = null;

  function toDto(row: MockupTemplateRow): MockupTemplate | null {
    const category = MockupCategoryNameSchema.safeParse(row.category);
    const material = MaterialTypeSchema.safeParse(row.material);
    if (!category.success || !material.success) return null;
    return {
      id: row.id,
      name: row.name,
      category: category.data,
      material: material.data,
      keywords: [...row.keywords],
      thumbnail_url: storage.publicUrl(row.thumbnailKey),
      width: row.width,
      height: row.height,
      box_ids: row.ownerUserId === null ? boxIdsOf(row.id) : [],
      custom: row.ownerUserId !== null,
    };
  }

  function toInfo(row: MockupTemplateRow): MockupTemplateInfo | null {
    const base = toDto(row);
    if (!base) return null;
    const surfaces = row.surfaces.map((s) => ({
      role: s.role,
      ...(s.item !== undefined ? { item: s.item } : {}),
      design_area: { width: s.designArea.width, height: s.designArea.height },
    }));
    const surfaceUrl = storage.publicUrl(row.surfaceKey);
    return {
      ...base,
      scene_url: storage.publicUrl(row.sceneKey),
      surface_url: surfaceUrl,
      lumin_url: storage.publicUrl(row.lightKey),
      uv_data: { url: storage.publicUrl(row.uvKey), surface_url: surfaceUrl, width: row.width, height: row.height, surfaces },
      default_design_area: surfaces[0]?.design_area ?? { width: row.width, height: row.height },
    };
  }

  /** The packs a library template shows, left to right. */
  function boxIdsOf(id: string): number[] {
    const spec = library.find((t) => t.id === id);
    if (!spec) return [];
    return spec.render.boxIds ? [...spec.render.boxIds] : [spec.render.boxId];
  }

  const dtos = (rows: readonly MockupTemplateRow[]): MockupTemplate[] => rows.flatMap((row) => toDto(row) ?? []);

  /** A stored template the caller may see: the library's, or their own custom one. */
  async function usable(userId: string | null, id: string): Promise<MockupTemplateRow> {
    const row = await repo.findById(id);
    if (!row) {
      if (library.some((t) => t.id === id)) throw notFound(`Mockup template ${id} is still being prepared; try again in a minute.`);
      throw notFound(`No mockup template with the id ${id}.`);
    }
    if (row.ownerUserId !== null && row.ownerUserId !== userId) throw forbidden('This template belongs to someone else.');
    return row;
  }

  async function seedOne(spec: LibraryTemplateSpec, position: number): Promise<'created' | 'lost'> {
    const r = await deps.renderer.render(spec.id, deps.size);
    const now = new Date();
    const files: { key: string; bytes: Buffer; ext: FileExt; mime: string; width: number; height: number }[] = [];
    const add = (bytes: Buffer, ext: FileExt, mime: string, width = r.width, height = r.height) => {
      const key = newFileKey(MOCKUP_KEY_OWNER, ext, now);
      files.push({ key, bytes, ext, mime, width, height });
      return key;
    };
    const sceneKey = add(r.sceneJpeg, 'jpg', 'image/jpeg');
    const thumbnailKey = add(r.thumbnailJpeg, 'jpg', 'image/jpeg', r.thumbnailWidth, r.thumbnailHeight);
    const surfaceKey = add(r.surfacePng, 'png', 'image/png');
    const uvKey = add(r.uvPng, 'png', 'image/png');
    const lightKey = add(r.lightPng, 'png', 'image/png');
    const written: string[] = [];
    try {
      for (const f of files) {
        await storage.put(f.key, f.bytes, f.mime);
        written.push(f.key);
        // Public files with no owner: any user may use them in a mockup or download them.
        await fileRepo.insert({ key: f.key, userId: null, mime: f.mime, width: f.width, height: f.height, size: f.bytes.length, isPublic: true });
      }
      const row = await repo.insertOnce({
        id: spec.id,
        name: spec.name,
        category: spec.category,
        material: spec.material,
        keywords: [...spec.keywords],
        sceneKey,
        thumbnailKey,
        surfaceKey,
        uvKey,
        lightKey,
        surfaces: r.surfaces.map((s) => ({ ...s, designArea: { ...s.designArea } })),
        width: r.width,
        height: r.height,
        position,
      });
      if (row) return 'created';
    } catch (err) {
      await removeQuietly(written);
      throw err;
    }
    // Another process stored this template first: ours is a duplicate nobody references.
    await removeQuietly(written);
    return 'lost';
  }

  async function removeQuietly(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      try {
        await fileRepo.deleteByKey(key);
        await storage.delete(key);
      } catch (err) {
        log.warn({ err, key }, 'mockup: could not remove an unreferenced template file; safe to delete');
      }
    }
  }

  async function seed(signal: AbortSignal): Promise<MockupSeedReport> {
    const report: MockupSeedReport = { created: 0, existing: 0, lostRaces: 0, failed: 0 };
    const plan = mockupSeedPlan(library, deps.seedCount);
    if (plan.length === 0) return report;
    const existing = await repo.existingIds();
    const positions = new Map(library.map((t, i) => [t.id, i]));
    const started = Date.now();
    for (const spec of plan) {
      if (signal.aborted) break;
      if (existing.has(spec.id)) {
        report.existing += 1;
        continue;
      }
      try {
        const outcome = await seedOne(spec, positions.get(spec.id) ?? 0);
        if (outcome === 'created') report.created += 1;
        else report.lostRaces += 1;
      } catch (err) {
        // One template failing must not stop the others; the next start tries it again.
        if (signal.aborted) break;
        report.failed += 1;
        log.warn({ err, template: spec.id }, 'mockup: a template could not be generated');
      }
      // Let requests in between templates: the files are written by the serving process.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (report.created > 0 || report.failed > 0) log.info({ ...report, ms: Date.now() - started }, 'mockup: templates seeded');
    return report;
  }

  async function closeRenderer(): Promise<void> {
    try {
      await deps.renderer.close?.();
    } catch (err) {
      log.warn({ err }, 'mockup: closing the template renderer failed');
    }
  }

  return {
    /**
     * GET /api/mockup/template/list: the library in its order, then (with a session) the caller's own
     * custom templates; `mine` = 1 gives only the caller's (none without a session). Filtered, paged.
     */
    async list(userId: string | null, filters: MockupTemplateFilters): Promise<{ list: MockupTemplate[]; total: number }> {
      const rows = filters.mine === 1 ? (userId ? await repo.ownedBy(userId) : []) : await repo.visibleTo(userId);
      const all = dtos(rows).filter((t) => (!filters.category || t.category === filters.category) && matchesKeyword(t, filters.keyword));
      const start = (filters.page_index - 1) * filters.page_size;
      return { list: all.slice(start, start + filters.page_size), total: all.length };
    },

    /**
     * GET /api/mockup/template/info: one template with its scene and maps. Unknown or not yet rendered:
     * not found; another user's custom template: forbidden.
     */
    async info(userId: string | null, id: string): Promise<MockupTemplateInfo> {
      const info = toInfo(await usable(userId, id));
      if (!info) throw notFound(`No mockup template with the id ${id}.`);
      return info;
    },

    /** A template the caller may put a design on (the same refusals as info). */
    forUse: (userId: string, id: string): Promise<MockupTemplateRow> => usable(userId, id),

    /** GET /api/mockup/template/cate/list: the eight categories in order, counting the library and the caller's own templates. */
    async categories(userId: string | null): Promise<{ name: MockupCategoryName; count: number }[]> {
      const counts = new Map<string, number>();
      for (const t of dtos(await repo.visibleTo(userId))) counts.set(t.category, (counts.get(t.category) ?? 0) + 1);
      return MOCKUP_CATEGORIES.map((c) => ({ name: c.name, count: counts.get(c.name) ?? 0 }));
    },

    /**
     * Starts seeding in the background (once per process); answers at once. Idempotent across
     * processes and restarts: stored ids are skipped and a lost race is undone.
     */
    startSeeding(): Promise<MockupSeedReport> {
      if (!seeding) {
        const abort = new AbortController();
        const promise = seed(abort.signal)
          .catch((err: unknown) => {
            log.warn({ err }, 'mockup: seeding stopped; the next start continues');
            return { created: 0, existing: 0, lostRaces: 0, failed: 0 };
          })
          .finally(closeRenderer);
        seeding = { promise, abort };
      }
      return seeding.promise;
    },

    /** Stops seeding (the template in progress is dropped) and the renderer (shutdown). */
    async stopSeeding(): Promise<void> {
      if (seeding) {
        seeding.abort.abort();
        // Ends the render in progress at once: its worker goes.
        await closeRenderer();
        await seeding.promise;
      }
      await closeRenderer();
    },
  };
}
export type MockupTemplatesService = ReturnType<typeof createMockupTemplates>;
