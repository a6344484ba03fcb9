import { DESIGN_IDEA_CATEGORIES, boxBySlug } from '@packsmith/contracts';
import { newId } from '../../lib/ids.js';
import { newFileKey, type Storage } from '../../storage/storage.js';
import type { DesignPipeline } from '../chat/index.js';
import type { FileRepo } from '../files/index.js';
import { IDEA_BRIEFS, type IdeaBrief } from './idea-briefs.js';
import { fitPng, sizeOfImage } from './idea-image.js';
import { PACKSMITH_USER_ID } from './ideas.dto.js';
import type { IdeasRepo, NewIdeaProjectRow } from './ideas.repo.js';
import { fileIdea } from './idea-rules.js';
import { searchTexts, uniqueTags } from './idea-text.js';

export interface IdeaSeedReport {
  created: number;
  existing: number;
  /** Ideas another process stored first (our files were thrown away). */
  lostRaces: number;
  failed: number;
}

export interface IdeaSeedDeps {
  repo: Pick<IdeasRepo, 'ensureSystemUser' | 'existingSeedKeys' | 'insertSeedOnce'>;
  /** Seeded images are registered as public files with no owner. */
  fileRepo: Pick<FileRepo, 'insert' | 'deleteByKey'>;
  storage: Pick<Storage, 'put' | 'delete' | 'publicUrl'>;
  /** The server's design pipeline (the one the design chat uses; tests inject theirs). */
  pipeline: DesignPipeline;
  /** How many briefs to seed; null = all of them. */
  count: number | null;
  /** Packshot side and flat front's longest side, px. */
  size: number;
  /** Designs per idea. */
  designs: number;
  /** Ideas rendered at once (the engine renders on its worker threads). */
  concurrency?: number;
  /** The briefs (tests pass a few). */
  briefs?: readonly IdeaBrief[];
  /** Called after each idea is stored (the search index reloads). */
  onStored?: () => void;
  log: { info(obj: Record<string, unknown>, msg: string): void; warn(obj: Record<string, unknown>, msg: string): void };
}

/**
 * The briefs in seeding order: the first of every category, then the second of each…, so a partly
 * seeded gallery (or a small DESIGN_IDEAS_SEED) still shows every category.
 */
export function ideaSeedPlan(briefs: readonly IdeaBrief[], count: number | null): IdeaBrief[] {
  const queues = DESIGN_IDEA_CATEGORIES.map((c) => briefs.filter((b) => b.category === c.name));
  const plan: IdeaBrief[] = [];
  for (let i = 0; queues.some((q) => i < q.length); i++) for (const q of queues) if (i < q.length) plan.push(q[i] as IdeaBrief);
  return count === null ? plan : plan.slice(0, count);
}

/** A stable render seed per brief (FNV-1a of its key): the same brief always gives the same designs. */
export function seedOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * The gallery seed (docs/DESIGN-IDEAS.md "The seed"): at first start, after the server listens, each
 * brief not yet stored is rendered by the design pipeline, its packshots and flat fronts stored as
 * public files, and one public project row inserted, owned by the Packsmith user and keyed by the
 * brief's seed key — so two servers seeding at once store each idea once (the loser removes its
 * files). Ideas appear as they are rendered; one failing brief is logged and skipped.
 */
export function createIdeaSeeding(deps: IdeaSeedDeps) {
  const { repo, fileRepo, storage, log } = deps;
  const briefs = deps.briefs ?? IDEA_BRIEFS;
  let seeding: { promise: Promise<IdeaSeedReport>; abort: AbortController } | null = null;

  async function removeQuietly(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      try {
        await fileRepo.deleteByKey(key);
        await storage.delete(key);
      } catch (err) {
        log.warn({ err, key }, 'ideas: could not remove an unreferenced seed file; safe to delete');
      }
    }
  }

  async function storePublic(bytes: Buffer, width: number, height: number, written: string[]): Promise<string> {
    const key = newFileKey(PACKSMITH_USER_ID, 'png', new Date());
    await storage.put(key, bytes, 'image/png');
    written.push(key);
    await fileRepo.insert({ key, userId: null, mime: 'image/png', width, height, size: bytes.length, isPublic: true });
    return storage.publicUrl(key);
  }

  async function seedOne(brief: IdeaBrief, signal: AbortSignal): Promise<'created' | 'lost' | 'aborted'> {
    const box = boxBySlug(brief.box);
    const rendered = await deps.pipeline({
      brief: { product: brief.product, brand: brief.brand, boxId: box?.id ?? 0, element: brief.element, style: brief.style, color: brief.color },
      count: deps.designs,
      seed: seedOf(brief.key),
      size: deps.size,
    });
    if (signal.aborted) return 'aborted';
    const written: string[] = [];
    try {
      const designs = [];
      for (const d of rendered) {
        const shot = await sizeOfImage(d.packshotPng);
        const front = await fitPng(d.frontPng, deps.size);
        designs.push({
          packshot_url: await storePublic(d.packshotPng, shot.width, shot.height, written),
          front_url: await storePublic(front.png, front.width, front.height, written),
          palette: uniqueTags(d.palette),
          width: shot.width,
          height: shot.height,
        });
      }
      if (designs.length === 0) throw new Error('the pipeline answered no designs');
      const filing = fileIdea({
        name: brief.product,
        product: brief.product,
        brand: brief.brand,
        box: [brief.box],
        style: brief.style,
        color: brief.color,
        element: brief.element,
      });
      const imageUrls = designs.map((d) => d.packshot_url);
      const now = new Date();
      const row: NewIdeaProjectRow = {
        id: newId(),
        userId: PACKSMITH_USER_ID,
        type: 'design',
        name: `${brief.brand} ${brief.product}`,
        product: brief.product,
        brand: brief.brand,
        box: [brief.box],
        element: [...brief.element],
        style: [...brief.style],
        color: [...brief.color],
        resultList: [imageUrls],
        data: {
          box_id: box?.id ?? 0,
          imageUrls,
          front_urls: designs.map((d) => d.front_url),
          image_sizes: designs.map((d) => ({ url: d.packshot_url, width: d.width, height: d.height })),
          idea_designs: designs,
        },
        isPublic: true,
        // The brief's own category: the classifier is for users' projects, the seed knows where it belongs.
        ideaCategory: brief.category,
        tags: filing.tags,
        palette: designs[0]?.palette ?? [],
        ideaBox: box?.slug ?? null,
        story: brief.story,
        seedKey: brief.key,
        // One clock for both: the database's own now() at insert can order two seeded ideas the other way round.
        createdAt: now,
        publishedAt: now,
        ...searchTexts({
          brand: brief.brand,
          product: brief.product,
          name: brief.product,
          tags: filing.tags,
          extraTags: box ? [box.name] : [],
          story: brief.story,
        }),
      };
      if (await repo.insertSeedOnce(row)) {
        deps.onStored?.();
        return 'created';
      }
    } catch (err) {
      await removeQuietly(written);
      throw err;
    }
    // Another process stored this idea first: our files are duplicates nobody references.
    await removeQuietly(written);
    return 'lost';
  }

  async function seed(signal: AbortSignal): Promise<IdeaSeedReport> {
    const report: IdeaSeedReport = { created: 0, existing: 0, lostRaces: 0, failed: 0 };
    const plan = ideaSeedPlan(briefs, deps.count);
    if (plan.length === 0) return report;
    await repo.ensureSystemUser(PACKSMITH_USER_ID, 'Packsmith');
    const existing = await repo.existingSeedKeys();
    const todo = plan.filter((b) => {
      if (!existing.has(b.key)) return true;
      report.existing += 1;
      return false;
    });
    const started = Date.now();
    let next = 0;
    const runner = async (): Promise<void> => {
      while (!signal.aborted && next < todo.length) {
        const brief = todo[next++] as IdeaBrief;
        try {
          const outcome = await seedOne(brief, signal);
          if (outcome === 'created') report.created += 1;
          else if (outcome === 'lost') report.lostRaces += 1;
        } catch (err) {
          // One idea failing must not stop the others; the next start tries it again.
          if (signal.aborted) break;
          report.failed += 1;
          log.warn({ err, idea: brief.key }, 'ideas: a seed idea could not be generated');
        }
        // Requests get their turn between ideas: the files are written by the serving process.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, deps.concurrency ?? 2) }, runner));
    if (report.created > 0 || report.failed > 0) log.info({ ...report, ms: Date.now() - started }, 'ideas: gallery seeded');
    return report;
  }

  return {
    /** Starts seeding in the background (once per process); answers at once with the run's promise. */
    startSeeding(): Promise<IdeaSeedReport> {
      if (!seeding) {
        const abort = new AbortController();
        const promise = seed(abort.signal).catch((err: unknown) => {
          log.warn({ err }, 'ideas: seeding stopped; the next start continues');
          return { created: 0, existing: 0, lostRaces: 0, failed: 0 };
        });
        seeding = { promise, abort };
      }
      return seeding.promise;
    },

    /** Stops seeding: the ideas being rendered are dropped once their render returns (shutdown). */
    async stopSeeding(): Promise<void> {
      if (!seeding) return;
      seeding.abort.abort();
      await seeding.promise;
    },
  };
}
export type IdeaSeeding = ReturnType<typeof createIdeaSeeding>;
