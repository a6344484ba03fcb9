import { AnalyzeItemSchema, ExtractedCoordinatesSchema, ProjectTypeSchema, type Project, type ProjectSummary, type ProjectType } from '@packsmith/contracts';
import { toMsOrZero } from '../../lib/time.js';
import type { ProjectRow } from './project.access.js';

function typeOf(row: ProjectRow): ProjectType {
  const parsed = ProjectTypeSchema.safeParse(row.type);
  return parsed.success ? parsed.data : 'design';
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * The SPEC §3 Project for a row. JSON columns are re-checked here because the response is validated
 * against the contract: a malformed stored entry is dropped rather than turning the call into a 500.
 */
export function toProjectDto(row: ProjectRow): Project {
  const coords = ExtractedCoordinatesSchema.safeParse(row.extractedCoordinates);
  return {
    project_id: row.id,
    type: typeOf(row),
    name: row.name,
    product: row.product,
    brand: row.brand,
    logo: row.logo,
    box: stringList(row.box),
    element: stringList(row.element),
    style: stringList(row.style),
    color: stringList(row.color),
    default_design_area: row.defaultDesignArea ?? null,
    like_list: stringList(row.likeList),
    dislike_list: stringList(row.dislikeList),
    like_best: row.likeBest,
    analyze_list: (Array.isArray(row.analyzeList) ? row.analyzeList : []).flatMap((item) => {
      const parsed = AnalyzeItemSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    }),
    result_list: (Array.isArray(row.resultList) ? row.resultList : []).map(stringList),
    extracted_coordinates: coords.success ? coords.data : null,
    data: row.data && typeof row.data === 'object' && !Array.isArray(row.data) ? row.data : {},
    parent_project_id: row.parentId,
    fork_from: row.forkFrom,
    is_public: row.isPublic,
    view_count: row.viewCount,
    like_count: row.likeCount,
    create_at: toMsOrZero(row.createdAt),
    update_at: toMsOrZero(row.updatedAt),
  };
}

/** The picture a list shows: the first image of the latest non-empty result, else the uploaded origin image. */
export function coverOf(row: Pick<ProjectRow, 'resultList' | 'data'>): string | null {
  const results = Array.isArray(row.resultList) ? row.resultList : [];
  for (let i = results.length - 1; i >= 0; i--) {
    const first = stringList(results[i]).find((url) => url.trim() !== '');
    if (first) return first;
  }
  const origin = row.data?.origin_image;
  return typeof origin === 'string' && origin.trim() !== '' ? origin : null;
}

export function toProjectSummary(row: ProjectRow): ProjectSummary {
  return {
    project_id: row.id,
    type: typeOf(row),
    name: row.name,
    product: row.product,
    brand: row.brand,
    parent_project_id: row.parentId,
    is_public: row.isPublic,
    create_at: toMsOrZero(row.createdAt),
    update_at: toMsOrZero(row.updatedAt),
    cover: coverOf(row),
  };
}
