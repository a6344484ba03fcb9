import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
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

export function createProjectRepo(db: DbOrTx) {
  async function page(where: SQL | undefined, { limit, offset }: Page): Promise<{ rows: ProjectRow[]; total: number }> {
    const [rows, totals] = await Promise.all([
      db.select().from(projects).where(where).orderBy(desc(projects.createdAt), desc(projects.id)).limit(limit).offset(offset),
      db.select({ n: count() }).from(projects).where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  }

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

    async softDelete(id: string): Promise<boolean> {
      const rows = await db
        .update(projects)
        .set({ deletedAt: new Date(), updatedAt: new Date() })
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

    listByOwner(userId: string, type: string | undefined, p: Page) {
      return page(and(eq(projects.userId, userId), alive, type ? eq(projects.type, type) : undefined), p);
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
