import { asc, count, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sceneTemplates } from '../../db/schema.js';

export type SceneTemplateRow = typeof sceneTemplates.$inferSelect;
export type NewSceneTemplateRow = typeof sceneTemplates.$inferInsert;

export function createSceneTemplatesRepo(db: DbOrTx) {
  return {
    /** Every template in gallery order (a few dozen rows: filtered and ranked in memory). */
    async all(): Promise<SceneTemplateRow[]> {
      return db.select().from(sceneTemplates).orderBy(asc(sceneTemplates.position), asc(sceneTemplates.id));
    },

    /** The template whose full image or thumbnail is stored under `key`. */
    async findByKey(key: string): Promise<SceneTemplateRow | null> {
      const rows = await db
        .select()
        .from(sceneTemplates)
        .where(or(eq(sceneTemplates.imageKey, key), eq(sceneTemplates.thumbnailKey, key)))
        .limit(1);
      return rows[0] ?? null;
    },

    async findById(id: string): Promise<SceneTemplateRow | null> {
      const rows = await db.select().from(sceneTemplates).where(eq(sceneTemplates.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** How many templates are stored (whether previews are needed). */
    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(sceneTemplates);
      return row?.n ?? 0;
    },

    /** "family:seed" of every stored template (what seeding skips). */
    async existingKeys(): Promise<Set<string>> {
      const rows = await db.select({ family: sceneTemplates.family, seed: sceneTemplates.seed }).from(sceneTemplates);
      return new Set(rows.map((r) => `${r.family}:${r.seed}`));
    },

    /** Inserts unless (family, seed) exists already (another process won the race): null then. */
    async insertOnce(row: NewSceneTemplateRow): Promise<SceneTemplateRow | null> {
      const rows = await db.insert(sceneTemplates).values(row).onConflictDoNothing().returning();
      return rows[0] ?? null;
    },
  };
}
export type SceneTemplatesRepo = ReturnType<typeof createSceneTemplatesRepo>;
