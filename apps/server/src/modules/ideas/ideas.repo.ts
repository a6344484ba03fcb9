import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { projectLikes, projects, users } from '../../db/schema.js';
import type { IndexEntry } from './idea-index.js';
import { isUnspaced, likeSafe, type ParsedQuery } from './idea-text.js';

export type IdeaProjectRow = typeof projects.$inferSelect;
export type NewIdeaProjectRow = typeof projects.$inferInsert;

/** The columns a list shows of an idea (never the whole data JSON, which a user's project may fill with megabytes). */
const ITEM_COLUMNS = {
  id: projects.id,
  userId: projects.userId,
  type: projects.type,
  name: projects.name,
  product: projects.product,
  brand: projects.brand,
  parentId: projects.parentId,
  isPublic: projects.isPublic,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
  resultList: projects.resultList,
  originImage: sql<unknown>`${projects.data}->'origin_image'`.as('origin_image'),
  imageSizes: sql<unknown>`${projects.data}->'image_sizes'`.as('image_sizes'),
  ideaCategory: projects.ideaCategory,
  tags: projects.tags,
  palette: projects.palette,
  ideaBox: projects.ideaBox,
  likeCount: projects.likeCount,
  viewCount: projects.viewCount,
  featured: projects.featured,
  hidden: projects.hidden,
  seedKey: projects.seedKey,
  publishedAt: projects.publishedAt,
};
/** An idea as a list shows it (ITEM_COLUMNS). */
export interface IdeaItemRow {
  id: string;
  userId: string;
  type: string;
  name: string;
  product: string;
  brand: string;
  parentId: string | null;
  isPublic: boolean;
  createdAt: Date;
  updatedAt: Date;
  resultList: string[][];
  originImage: unknown;
  imageSizes: unknown;
  ideaCategory: string | null;
  tags: string[];
  palette: string[];
  ideaBox: string | null;
  likeCount: number;
  viewCount: number;
  featured: boolean;
  hidden: boolean;
  seedKey: string | null;
  publishedAt: Date | null;
}

/** At least one result image: a published project with none would be an empty tile. */
const HAS_RESULT = sql`jsonb_path_exists(${projects.resultList}, '$[*][*] ? (@ != "")')`;
/** Ideas: published, not deleted, filed, with a result image; hidden ones only for the admin. */
const IDEA = and(eq(projects.isPublic, true), isNull(projects.deletedAt), isNotNull(projects.ideaCategory), HAS_RESULT) as SQL;
/** Only these are in the gallery: ideas not hidden by an admin. */
const LISTED = and(IDEA, eq(projects.hidden, false)) as SQL;

/** Featured first, then likes, views and the newest. */
const POPULAR = [
  desc(projects.featured),
  desc(projects.likeCount),
  desc(projects.viewCount),
  sql`${projects.publishedAt} desc nulls last`,
  desc(projects.createdAt),
  asc(projects.id),
];
const NEWEST = [sql`${projects.publishedAt} desc nulls last`, desc(projects.createdAt), asc(projects.id)];

export interface IdeaQuery {
  category?: string;
  boxes?: readonly string[];
  /** Every one of these tags (style, colour…) must be carried. */
  tags?: readonly string[];
  /** At least one of these tags must be carried (a tag search: the slug and what the catalogue reads it as). */
  anyTag?: readonly string[];
  query?: ParsedQuery | null;
  sort?: 'popular' | 'newest';
  limit: number;
  offset: number;
}

const hasTag = (tag: string): SQL => sql`${projects.tags} @> ${JSON.stringify([tag])}::jsonb`;

/** A word starts a word of the column (or, in scripts written without spaces, appears anywhere in it). */
type SearchColumn = typeof projects.searchNames | typeof projects.searchTags | typeof projects.searchStory;
function startsWord(column: SearchColumn, word: string): SQL {
  return isUnspaced(word) ? sql`${column} like ${`%${word}%`}` : sql`${column} like ${`% ${word}%`}`;
}
const wholeWord = (column: SearchColumn, word: string): SQL => sql`${column} like ${`% ${word} %`}`;

/** Each word of the query (one of its readings) starts a word somewhere: names, tags or story. */
function matches(query: ParsedQuery): SQL {
  return and(
    ...query.words.map(
      (w) =>
        or(
          ...w.alternatives
            .map(likeSafe)
            .flatMap((a) => [startsWord(projects.searchNames, a), startsWord(projects.searchTags, a), startsWord(projects.searchStory, a)]),
        ) as SQL,
    ),
  ) as SQL;
}

/**
 * Relevance (docs/DESIGN-IDEAS.md "Search"): per word, a whole tag word 6 (a tag starting with it 4),
 * a whole word of brand, product or name 5 (starting 3), the story 2 (starting 1); the whole query
 * as a tag 10, as a run of words of the names 8.
 */
function relevance(query: ParsedQuery): SQL {
  const parts: SQL[] = [];
  for (const w of query.words) {
    for (const a of w.alternatives.map(likeSafe)) {
      parts.push(sql`(case when ${wholeWord(projects.searchTags, a)} then 6 when ${startsWord(projects.searchTags, a)} then 4 else 0 end)`);
      parts.push(sql`(case when ${wholeWord(projects.searchNames, a)} then 5 when ${startsWord(projects.searchNames, a)} then 3 else 0 end)`);
      parts.push(sql`(case when ${wholeWord(projects.searchStory, a)} then 2 when ${startsWord(projects.searchStory, a)} then 1 else 0 end)`);
    }
  }
  for (const t of [query.phrase, ...query.phraseTags].map(likeSafe))
    parts.push(sql`(case when ${projects.searchTags} like ${`%| ${t} |%`} then 10 else 0 end)`);
  if (query.words.length > 1) parts.push(sql`(case when ${wholeWord(projects.searchNames, likeSafe(query.phrase))} then 8 else 0 end)`);
  return sql.join(parts, sql` + `);
}

function whereOf(q: Omit<IdeaQuery, 'limit' | 'offset' | 'sort'>): SQL {
  return and(
    LISTED,
    q.category ? eq(projects.ideaCategory, q.category) : undefined,
    q.boxes ? (q.boxes.length > 0 ? inArray(projects.ideaBox, [...q.boxes]) : sql`false`) : undefined,
    ...(q.tags ?? []).map(hasTag),
    q.anyTag ? (or(...q.anyTag.map(hasTag)) ?? sql`false`) : undefined,
    q.query ? matches(q.query) : undefined,
  ) as SQL;
}

export function createIdeasRepo(db: DbOrTx) {
  async function countWhere(where: SQL): Promise<number> {
    const rows = await db.select({ n: count() }).from(projects).where(where);
    return rows[0]?.n ?? 0;
  }

  return {
    /**
     * A page of listed ideas and their total; with a query, the most relevant first, then the most
     * popular. Two steps: the page's ids (and the total) are picked over narrow rows, then only those
     * rows are read whole — the window count would otherwise carry every matching row's columns.
     */
    async list(q: IdeaQuery): Promise<{ rows: IdeaItemRow[]; total: number }> {
      const where = whereOf(q);
      const order = q.sort === 'newest' ? NEWEST : POPULAR;
      const picked = await db
        .select({
          id: projects.id,
          total: sql<number>`count(*) over()`.mapWith(Number),
          ...(q.query ? { score: sql<number>`${relevance(q.query)}`.as('score') } : {}),
        })
        .from(projects)
        .where(where)
        .orderBy(...(q.query ? [sql`"score" desc`, ...order] : order))
        .limit(q.limit)
        .offset(q.offset);
      // The window count comes with the rows; a page past the end has none, so it is counted apart.
      const total = picked[0]?.total ?? (q.offset > 0 ? await countWhere(where) : 0);
      if (picked.length === 0) return { rows: [], total };
      const rows = (await db
        .select(ITEM_COLUMNS)
        .from(projects)
        .where(
          inArray(
            projects.id,
            picked.map((p) => p.id),
          ),
        )) as IdeaItemRow[];
      const byId = new Map(rows.map((r) => [r.id, r]));
      return { rows: picked.flatMap((p) => byId.get(p.id) ?? []), total };
    },

    /** The search index's columns of every listed idea (idea-index.ts). */
    async corpus(): Promise<IndexEntry[]> {
      const rows = await db
        .select({
          id: projects.id,
          category: projects.ideaCategory,
          box: projects.ideaBox,
          tags: projects.tags,
          names: projects.searchNames,
          tagText: projects.searchTags,
          story: projects.searchStory,
          featured: projects.featured,
          likeCount: projects.likeCount,
          viewCount: projects.viewCount,
          publishedAt: projects.publishedAt,
          createdAt: projects.createdAt,
        })
        .from(projects)
        .where(LISTED);
      return rows.map((r) => ({
        ...r,
        tags: Array.isArray(r.tags) ? r.tags : [],
        publishedAt: r.publishedAt ? r.publishedAt.getTime() : null,
        createdAt: r.createdAt.getTime(),
      }));
    },

    /** The listed ideas among `ids`, in the order given (the index's page; what is no longer listed drops out). */
    async listedByIds(ids: readonly string[]): Promise<IdeaItemRow[]> {
      if (ids.length === 0) return [];
      const rows = (await db
        .select(ITEM_COLUMNS)
        .from(projects)
        .where(and(LISTED, inArray(projects.id, [...ids])))) as IdeaItemRow[];
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** Listed ideas per category. */
    async countsByCategory(): Promise<Map<string, number>> {
      const rows = await db.select({ category: projects.ideaCategory, n: count() }).from(projects).where(LISTED).groupBy(projects.ideaCategory);
      return new Map(rows.map((r) => [r.category ?? '', r.n]));
    },

    /** The first `perCategory` ideas of every category (featured, then popular), in one query. */
    async previews(perCategory: number): Promise<IdeaItemRow[]> {
      const ranked = db
        .select({
          ...ITEM_COLUMNS,
          rank: sql<number>`row_number() over (partition by ${projects.ideaCategory} order by ${sql.join(POPULAR, sql`, `)})`.as('rank'),
        })
        .from(projects)
        .where(LISTED)
        .as('ranked');
      const rows = await db
        .select()
        .from(ranked)
        .where(sql`${ranked.rank} <= ${perCategory}`)
        .orderBy(ranked.rank);
      return rows.map(({ rank: _r, ...row }) => row);
    },

    /** A listed idea with everything stored (the detail page), or null. */
    async findListed(id: string): Promise<IdeaProjectRow | null> {
      const rows = await db
        .select()
        .from(projects)
        .where(and(eq(projects.id, id), LISTED))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Candidates for "similar ideas": listed ideas of the category or sharing a tag, popular first,
     * at most `limit` (they are ranked in memory by similarity).
     */
    async similarCandidates(excludeId: string, category: string | null, tags: readonly string[], limit: number): Promise<IdeaItemRow[]> {
      const near = or(category ? eq(projects.ideaCategory, category) : undefined, ...tags.map(hasTag));
      return await db
        .select(ITEM_COLUMNS)
        .from(projects)
        .where(and(LISTED, ne(projects.id, excludeId), near ?? sql`true`))
        .orderBy(...POPULAR)
        .limit(limit);
    },

    /** The most popular listed ideas, at most `limit` (ranked against an image in memory). */
    async popular(limit: number): Promise<IdeaItemRow[]> {
      return await db
        .select(ITEM_COLUMNS)
        .from(projects)
        .where(LISTED)
        .orderBy(...POPULAR)
        .limit(limit);
    },

    /** Public projects of users other than `userId`, newest first (GET /api/project/others without project_id). */
    async publicOfOthers(userId: string, type: string | undefined, limit: number, offset: number): Promise<{ rows: IdeaItemRow[]; total: number }> {
      const where = and(
        eq(projects.isPublic, true),
        eq(projects.hidden, false),
        ne(projects.userId, userId),
        isNull(projects.deletedAt),
        type ? eq(projects.type, type) : undefined,
      ) as SQL;
      const [rows, total] = await Promise.all([
        db.select(ITEM_COLUMNS).from(projects).where(where).orderBy(desc(projects.createdAt), desc(projects.id)).limit(limit).offset(offset),
        countWhere(where),
      ]);
      return { rows: rows, total };
    },

    /** Every public project (hidden ones too) for the admin, newest first; keyword over brand, product and name. */
    async adminList(keyword: string | undefined, limit: number, offset: number): Promise<{ rows: IdeaItemRow[]; total: number }> {
      const like = keyword ? `%${keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
      const where = and(IDEA, like ? or(ilike(projects.brand, like), ilike(projects.product, like), ilike(projects.name, like)) : undefined) as SQL;
      const [rows, total] = await Promise.all([
        db
          .select(ITEM_COLUMNS)
          .from(projects)
          .where(where)
          .orderBy(...NEWEST)
          .limit(limit)
          .offset(offset),
        countWhere(where),
      ]);
      return { rows: rows, total };
    },

    /** Admin curation of a public, filed project; null when there is none with that id. */
    async setCuration(id: string, patch: { featured?: boolean; hidden?: boolean }): Promise<{ featured: boolean; hidden: boolean } | null> {
      const rows = await db
        .update(projects)
        .set(patch)
        .where(and(eq(projects.id, id), IDEA))
        .returning({ featured: projects.featured, hidden: projects.hidden });
      return rows[0] ?? null;
    },

    /** Writes what a published project is filed under (category, tags, palette, box, search text, published_at). */
    async file(
      id: string,
      filing: Pick<NewIdeaProjectRow, 'ideaCategory' | 'tags' | 'palette' | 'ideaBox' | 'searchNames' | 'searchTags' | 'searchStory' | 'publishedAt'>,
    ): Promise<void> {
      await db.update(projects).set(filing).where(eq(projects.id, id));
    },

    async hasLike(projectId: string, userId: string): Promise<boolean> {
      const rows = await db
        .select({ projectId: projectLikes.projectId })
        .from(projectLikes)
        .where(and(eq(projectLikes.projectId, projectId), eq(projectLikes.userId, userId)))
        .limit(1);
      return rows.length > 0;
    },

    // --- the seed ---

    /** The user seeded ideas belong to: no email, no password, no session, so nobody signs in as it. */
    async ensureSystemUser(id: string, name: string): Promise<void> {
      await db.insert(users).values({ id, type: 'user', name }).onConflictDoNothing();
    },

    async existingSeedKeys(): Promise<Set<string>> {
      const rows = await db.select({ key: projects.seedKey }).from(projects).where(isNotNull(projects.seedKey));
      return new Set(rows.map((r) => r.key ?? ''));
    },

    /** Inserts a seeded idea unless its seed key is stored already (another process won the race): null then. */
    async insertSeedOnce(row: NewIdeaProjectRow): Promise<IdeaProjectRow | null> {
      const rows = await db.insert(projects).values(row).onConflictDoNothing().returning();
      return rows[0] ?? null;
    },
  };
}
export type IdeasRepo = ReturnType<typeof createIdeasRepo>;
