import { and, asc, count, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { projectLikes, projectViews, projects } from '../../db/schema.js';

export type ProjectRow = typeof projects.$inferSelect;

export type NewProjectRow = typeof projects.$inferInsert;
export type ProjectPatch = Partial<
  Pick<NewProjectRow, 'name' | 'product' | 'brand' | 'logo' | 'box' | 'element' | 'style' | 'color' | 'isPublic' | 'likeList' | 'dislikeList' | 'likeBest'>
>;

export interface Page {
  limit: number;
  offset: number;
}

const alive = isNull(projects.deletedAt);

/** Sort orders of the projects screen (contracts PROJECT_SORTS). */
export type ProjectSort = 'updated' | 'newest' | 'oldest' | 'name';

export interface OwnerListQuery {
  type?: string | undefined;
  /** Plain text, matched as a substring in any case: % and _ are literal characters here. */
  keyword?: string | undefined;
  sort: ProjectSort;
}

/** A top-level project of the list and whether it matched the keyword itself (not only through a descendant). */
export interface ListedRoot {
  row: ProjectRow;
  selfMatch: boolean;
}

/** A live descendant of a listed project, with whether it matches the keyword. */
export interface ListedDescendant {
  row: ProjectRow;
  match: boolean;
}

/** The keyword as an ILIKE pattern: backslash (the default escape), % and _ are escaped so they match themselves. */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `projects AS <alias>` for a FROM inside a raw subquery (an aliased table renders as its bare alias there). */
const aliased = (name: string) => ({ table: alias(projects, name), from: sql`${projects} AS ${sql.identifier(name)}` });
const { table: parent, from: parentFrom } = aliased('pp');
const { table: child, from: childFrom } = aliased('c');
const { table: member, from: memberFrom } = aliased('m');

/** Name, brand or product of the row contains the pattern, in any case (Unicode-aware under a UTF-8 ctype). */
function matches(t: Record<'name' | 'brand' | 'product', AnyPgColumn>, pattern: string): SQL {
  return sql`(${t.name} ILIKE ${pattern} OR ${t.brand} ILIKE ${pattern} OR ${t.product} ILIKE ${pattern})`;
}

/**
 * A project is top-level when it has no live parent of the same owner: a child whose parent was
 * deleted is listed on its own rather than vanishing with it (and nests again when the parent is restored).
 */
const noLiveParent = or(
  isNull(projects.parentId),
  sql`NOT EXISTS (SELECT 1 FROM ${parentFrom} WHERE ${parent.id} = ${projects.parentId} AND ${parent.userId} = ${projects.userId} AND ${parent.deletedAt} IS NULL)`,
);

/**
 * The ids of the live descendants (any depth: a variation of a variation) of the projects `roots`
 * selects, following only live links of one owner. UNION (not UNION ALL) stops on any cycle.
 */
function descendantsOf(userId: string, roots: SQL): SQL {
  return sql`WITH RECURSIVE d(id) AS (
      SELECT ${child.id} FROM ${childFrom} WHERE ${child.parentId} IN (${roots}) AND ${child.userId} = ${userId} AND ${child.deletedAt} IS NULL
      UNION
      SELECT ${child.id} FROM ${childFrom} JOIN d ON ${child.parentId} = d.id WHERE ${child.userId} = ${userId} AND ${child.deletedAt} IS NULL
    ) SELECT d.id FROM d`;
}

function orderOf(sort: ProjectSort): SQL[] {
  switch (sort) {
    case 'newest':
      return [desc(projects.createdAt), desc(projects.id)];
    case 'oldest':
      return [asc(projects.createdAt), asc(projects.id)];
    case 'name':
      return [asc(sql`lower(${projects.name})`), desc(projects.updatedAt), asc(projects.id)];
    case 'updated':
      return [desc(projects.updatedAt), desc(projects.id)];
  }
}

export function createProjectRepo(db: DbOrTx) {
  return {
    async insert(values: NewProjectRow): Promise<ProjectRow> {
      const rows = await db.insert(projects).values(values).returning();
      const row = rows[0];
      if (!row) throw new Error('project insert returned no row');
      return row;
    },

    /** A project that is not deleted, or null. */
    async findAlive(id: string): Promise<ProjectRow | null> {
      const rows = await db
        .select()
        .from(projects)
        .where(and(eq(projects.id, id), alive))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Row-locks a live project for a read-modify-write inside a transaction. */
    async lockAlive(id: string): Promise<ProjectRow | null> {
      const rows = await db
        .select()
        .from(projects)
        .where(and(eq(projects.id, id), alive))
        .for('update')
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Applies the patch and merges `dataPatch` into the data JSON in one statement, so two
     * concurrent merges of different keys both survive.
     */
    async update(id: string, patch: ProjectPatch, dataPatch?: Record<string, unknown>): Promise<ProjectRow | null> {
      const set: PgUpdateSetSource<typeof projects> = { ...patch, updatedAt: new Date() };
      if (dataPatch && Object.keys(dataPatch).length > 0) {
        set.data = sql`${projects.data} || ${JSON.stringify(dataPatch)}::jsonb`;
      }
      const rows = await db
        .update(projects)
        .set(set)
        .where(and(eq(projects.id, id), alive))
        .returning();
      return rows[0] ?? null;
    },

    /**
     * Marks the project deleted. updated_at is left as it was, so a restore brings it back where it
     * stood in "Last edited" order (nothing reads a deleted row's updated_at).
     */
    async softDelete(id: string): Promise<boolean> {
      const rows = await db
        .update(projects)
        .set({ deletedAt: new Date() })
        .where(and(eq(projects.id, id), alive))
        .returning({ id: projects.id });
      return rows.length > 0;
    },

    /**
     * Counts a view once per user: the first view of `userId` inserts a project_views row and adds one
     * to view_count; later views change nothing. Answers the view count, or null for a deleted project.
     */
    async recordView(projectId: string, userId: string): Promise<number | null> {
      const first = await db.insert(projectViews).values({ projectId, userId }).onConflictDoNothing().returning({ projectId: projectViews.projectId });
      const rows =
        first.length > 0
          ? await db
              .update(projects)
              .set({ viewCount: sql`${projects.viewCount} + 1` })
              .where(and(eq(projects.id, projectId), alive))
              .returning({ viewCount: projects.viewCount })
          : await db
              .select({ viewCount: projects.viewCount })
              .from(projects)
              .where(and(eq(projects.id, projectId), alive));
      return rows[0]?.viewCount ?? null;
    },

    /**
     * A page of the owner's projects for the projects screen. Without type childDesign: top-level
     * projects only (see noLiveParent), matched by the keyword on themselves or on any descendant.
     * With type childDesign: the child designs themselves, flat, matched on themselves.
     */
    async listByOwner(userId: string, q: OwnerListQuery, p: Page): Promise<{ rows: ListedRoot[]; total: number }> {
      const pattern = q.keyword ? containsPattern(q.keyword) : null;
      const flat = q.type === 'childDesign';
      const self = pattern ? matches(projects, pattern) : sql`true`;
      let keywordCond: SQL | undefined;
      if (pattern) {
        keywordCond = flat
          ? self
          : or(
              self,
              sql`EXISTS (SELECT 1 FROM ${memberFrom} WHERE ${member.id} IN (${descendantsOf(userId, sql`${projects.id}`)}) AND ${matches(member, pattern)})`,
            );
      }
      const where = and(eq(projects.userId, userId), alive, q.type ? eq(projects.type, q.type) : undefined, flat ? undefined : noLiveParent, keywordCond);
      const [rows, totals] = await Promise.all([
        db
          .select({ row: projects, selfMatch: sql<boolean>`${self}` })
          .from(projects)
          .where(where)
          .orderBy(...orderOf(q.sort))
          .limit(p.limit)
          .offset(p.offset),
        db.select({ n: count() }).from(projects).where(where),
      ]);
      return { rows: rows.map((r) => ({ row: r.row, selfMatch: r.selfMatch === true })), total: totals[0]?.n ?? 0 };
    },

    /**
     * Every live descendant of the given projects in one query, newest first, each with whether it
     * matches the keyword (true without one). The caller nests them under their top-level project.
     */
    async descendantsOf(userId: string, rootIds: readonly string[], keyword: string | undefined): Promise<ListedDescendant[]> {
      if (rootIds.length === 0) return [];
      const pattern = keyword ? containsPattern(keyword) : null;
      const ids = sql.join(
        rootIds.map((id) => sql`${id}`),
        sql`, `,
      );
      const rows = await db
        .select({ row: projects, match: pattern ? sql<boolean>`${matches(projects, pattern)}` : sql<boolean>`true` })
        .from(projects)
        .where(sql`${projects.id} IN (${descendantsOf(userId, ids)})`)
        .orderBy(desc(projects.createdAt), desc(projects.id));
      return rows.map((r) => ({ row: r.row, match: r.match === true }));
    },

    /** A project whether deleted or not (restore reads the deleted ones), or null. */
    async findIncludingDeleted(id: string): Promise<ProjectRow | null> {
      const rows = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** Clears deleted_at when the project was deleted at or after `deletedSince`; null when it was not. */
    async restore(id: string, deletedSince: Date): Promise<ProjectRow | null> {
      const rows = await db
        .update(projects)
        .set({ deletedAt: null })
        .where(and(eq(projects.id, id), isNotNull(projects.deletedAt), sql`${projects.deletedAt} >= ${deletedSince}`))
        .returning();
      return rows[0] ?? null;
    },

    async listChildren(parentId: string, publicOnly: boolean): Promise<ProjectRow[]> {
      return db
        .select()
        .from(projects)
        .where(and(eq(projects.parentId, parentId), alive, publicOnly ? eq(projects.isPublic, true) : undefined))
        .orderBy(desc(projects.createdAt), desc(projects.id));
    },

    async hasLike(projectId: string, userId: string): Promise<boolean> {
      const rows = await db
        .select({ projectId: projectLikes.projectId })
        .from(projectLikes)
        .where(and(eq(projectLikes.projectId, projectId), eq(projectLikes.userId, userId)))
        .limit(1);
      return rows.length > 0;
    },

    /** Adds the like, or removes it when present; answers whether the user likes the project now. */
    async toggleLike(projectId: string, userId: string): Promise<boolean> {
      const added = await db.insert(projectLikes).values({ projectId, userId }).onConflictDoNothing().returning({ projectId: projectLikes.projectId });
      if (added.length > 0) return true;
      await db.delete(projectLikes).where(and(eq(projectLikes.projectId, projectId), eq(projectLikes.userId, userId)));
      return false;
    },

    /** Recounts like_count from the likes table (call with the project row locked). */
    async recountLikes(projectId: string): Promise<number> {
      const totals = await db.select({ n: count() }).from(projectLikes).where(eq(projectLikes.projectId, projectId));
      const n = totals[0]?.n ?? 0;
      await db.update(projects).set({ likeCount: n }).where(eq(projects.id, projectId));
      return n;
    },
  };
}
export type ProjectRepo = ReturnType<typeof createProjectRepo>;
