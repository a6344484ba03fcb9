/**
 * The scene previews a project keeps in data.scene_previews, and the pure rules over them (which
 * are kept, which a curated scene replaces). Apart from scene-previews.ts, which renders and stores
 * them, because the photo shoot repository needs these rules and that module needs the repository.
 */
import { z } from 'zod';
import { SceneTemplateSchema, type SceneFamily, type SceneTemplate } from '@packsmith/contracts';

/** Fewer curated scenes than this: a cut-out renders previews to make up the difference. */
export const MIN_RECOMMENDED = 3;
/** data.scene_previews keeps this many previews (the newest); older ones only lose their floor line. */
const KEPT_PREVIEWS = 30;

/** A preview as a project keeps it: its record (what photoshootRecommend carries) and, once replaced, by what. */
export const ScenePreviewSchema = SceneTemplateSchema.extend({ replaced_by: z.string().nullable() });
export type ScenePreview = z.infer<typeof ScenePreviewSchema>;

/** The previews a project's data holds (entries that do not parse are ignored). */
export function previewsOf(data: Record<string, unknown> | null | undefined): ScenePreview[] {
  const list = data?.scene_previews;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const parsed = ScenePreviewSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The project's previews after a cut-out adds `added` (the newest KEPT_PREVIEWS, one entry per image). */
export function withPreviews(data: Record<string, unknown> | null | undefined, added: readonly ScenePreview[]): ScenePreview[] {
  const urls = new Set(added.map((p) => p.image_url));
  return [...previewsOf(data).filter((p) => !urls.has(p.image_url)), ...added].slice(-KEPT_PREVIEWS);
}

/** A preview's record as photoshootRecommend carries it (SceneTemplate). */
export function previewRecord(preview: ScenePreview): SceneTemplate {
  const { replaced_by: _replaced, ...record } = preview;
  return record;
}

export interface MadePreview {
  preview: ScenePreview;
  score: number;
}

/** What replacing a project's previews changes (replacePreviews). */
export interface PreviewReplacement {
  /** Every preview, those replaced now marked with what replaced them. */
  previews: ScenePreview[];
  /** The recommendations afterwards; null when none of them was a replaced preview. */
  recommend: string[] | null;
}

/**
 * Pure: marks each waiting preview whose family has a curated scene now (`curatedOf`: the best one
 * per family) — recommended or not (one of an earlier photo), so the next round skips this project —
 * and puts each curated scene in its preview's place among the recommendations (a curated scene
 * recommended already: the preview just goes). Null when no preview is waiting for a curated family.
 */
export function replacePreviews(data: Record<string, unknown> | null | undefined, curatedOf: ReadonlyMap<SceneFamily, string>): PreviewReplacement | null {
  const previews = previewsOf(data);
  const replacement = new Map<string, string>();
  for (const preview of previews) {
    const curated = preview.replaced_by === null ? curatedOf.get(preview.family) : undefined;
    if (!curated) continue;
    preview.replaced_by = curated;
    replacement.set(preview.image_url, curated);
  }
  if (replacement.size === 0) return null;
  const recommend = stringList(data?.recommend_background);
  const changed = recommend.some((url) => replacement.has(url));
  return { previews, recommend: changed ? [...new Set(recommend.map((url) => replacement.get(url) ?? url))] : null };
}

export function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
