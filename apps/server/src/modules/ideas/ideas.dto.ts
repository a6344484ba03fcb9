import { z } from 'zod';
import { DesignIdeaCategoryNameSchema, ProjectTypeSchema, boxBySlug, type IdeaDesign, type IdeaItem, type ProjectType } from '@packsmith/contracts';
import { toMsOrZero } from '../../lib/time.js';
import type { IdeaItemRow, IdeaProjectRow } from './ideas.repo.js';

/** The user seeded ideas belong to ("made by Packsmith"); no user id of ours starts with "_". */
export const PACKSMITH_USER_ID = '_packsmith';

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : []);

const SizeSchema = z.object({ url: z.string(), width: z.number().int().positive(), height: z.number().int().positive() });
/** data.image_sizes: the pixel size of each packshot, so masonry tiles keep their space before the image loads. */
function sizeOf(sizes: unknown, url: string | null): { width: number | null; height: number | null } {
  if (!url || !Array.isArray(sizes)) return { width: null, height: null };
  for (const s of sizes) {
    const parsed = SizeSchema.safeParse(s);
    if (parsed.success && parsed.data.url === url) return { width: parsed.data.width, height: parsed.data.height };
  }
  return { width: null, height: null };
}

/** The first image of the latest non-empty result, else the uploaded origin image (as the projects screen shows). */
export function coverOf(resultList: unknown, originImage: unknown): string | null {
  const results = Array.isArray(resultList) ? resultList : [];
  for (let i = results.length - 1; i >= 0; i--) {
    const first = strings(results[i])[0];
    if (first) return first;
  }
  return typeof originImage === 'string' && originImage.trim() !== '' ? originImage : null;
}

function typeOf(type: string): ProjectType {
  const parsed = ProjectTypeSchema.safeParse(type);
  return parsed.success ? parsed.data : 'design';
}

/** One idea as every list answers it; any project row maps (an unfiled public project has no category). */
export function toIdeaItem(row: IdeaItemRow): IdeaItem {
  const cover = coverOf(row.resultList, row.originImage);
  const category = DesignIdeaCategoryNameSchema.safeParse(row.ideaCategory);
  return {
    project_id: row.id,
    type: typeOf(row.type),
    name: row.name,
    product: row.product,
    brand: row.brand,
    parent_project_id: row.parentId,
    is_public: row.isPublic,
    create_at: toMsOrZero(row.createdAt),
    update_at: toMsOrZero(row.updatedAt),
    cover,
    category: category.success ? category.data : null,
    cover_url: cover,
    ...sizeOf(row.imageSizes, cover),
    tags: strings(row.tags),
    box: row.ideaBox,
    palette: strings(row.palette),
    like_count: row.likeCount,
    view_count: row.viewCount,
    featured: row.featured,
    made_by_packsmith: row.seedKey !== null || row.userId === PACKSMITH_USER_ID,
  };
}

/** A full row as a list row (the detail page starts from the same item). */
export function itemRowOf(row: IdeaProjectRow): IdeaItemRow {
  return { ...row, originImage: row.data?.origin_image, imageSizes: row.data?.image_sizes };
}

const StoredDesignSchema = z.object({
  packshot_url: z.string(),
  front_url: z.string().nullable(),
  palette: z.array(z.string()),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
const MetaSchema = z.object({ front_url: z.string().optional(), palette: z.array(z.string()).optional() });

/**
 * The designs of an idea: a seeded idea's data.idea_designs as stored; for a user's project every
 * result image, the latest prompt first, with the flat front and palette the design chat kept for it
 * (data.designs_meta).
 */
export function designsOf(row: Pick<IdeaProjectRow, 'data' | 'resultList'>): IdeaDesign[] {
  const stored = Array.isArray(row.data?.idea_designs) ? row.data.idea_designs : [];
  const seeded = stored.flatMap((d) => {
    const parsed = StoredDesignSchema.safeParse(d);
    return parsed.success ? [parsed.data] : [];
  });
  if (seeded.length > 0) return seeded;
  const metas = row.data?.designs_meta && typeof row.data.designs_meta === 'object' ? (row.data.designs_meta as Record<string, unknown>) : {};
  const results = Array.isArray(row.resultList) ? row.resultList : [];
  const urls = [...new Set([...results].reverse().flatMap((run) => strings(run)))];
  return urls.map((url) => {
    const meta = MetaSchema.safeParse(metas[url]);
    const size = sizeOf(row.data?.image_sizes, url);
    return {
      packshot_url: url,
      front_url: meta.success ? (meta.data.front_url ?? null) : null,
      palette: meta.success ? (meta.data.palette ?? []) : [],
      ...size,
    };
  });
}

/** The catalogue's name and id of a box slug. */
export function boxInfo(slug: string | null): { box_name: string | null; box_id: number | null } {
  const box = slug ? boxBySlug(slug) : undefined;
  return box ? { box_name: box.name, box_id: box.id } : { box_name: null, box_id: null };
}

export { strings as stringList };
