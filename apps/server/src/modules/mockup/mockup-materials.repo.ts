import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { compositeMaterials, materials } from '../../db/schema.js';

export type MaterialRow = typeof materials.$inferSelect;
export type CompositeRow = typeof compositeMaterials.$inferSelect;

/** The most items a list answers (newest first): the contract has no paging, the studio shows a strip. */
export const MATERIAL_LIST_MAX = 500;

/** A user's mockup materials and saved compositions. */
export function createMockupMaterialsRepo(db: DbOrTx) {
  return {
    /** Keeps an image once per user: adding the same file again answers the row kept before. */
    async addMaterial(row: { id: string; userId: string; fileKey: string }): Promise<MaterialRow> {
      const [inserted] = await db.insert(materials).values(row).onConflictDoNothing().returning();
      if (inserted) return inserted;
      const [existing] = await db
        .select()
        .from(materials)
        .where(and(eq(materials.userId, row.userId), eq(materials.fileKey, row.fileKey)))
        .limit(1);
      if (!existing) throw new Error('material insert conflicted but no row exists');
      return existing;
    },

    async listMaterials(userId: string): Promise<MaterialRow[]> {
      return db.select().from(materials).where(eq(materials.userId, userId)).orderBy(desc(materials.createdAt), desc(materials.id)).limit(MATERIAL_LIST_MAX);
    },

    async findMaterial(id: string): Promise<MaterialRow | null> {
      const rows = await db.select().from(materials).where(eq(materials.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** Removes the row only when it is still `userId`'s; false when it was gone already. */
    async deleteMaterial(id: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(materials)
        .where(and(eq(materials.id, id), eq(materials.userId, userId)))
        .returning({ id: materials.id });
      return rows.length > 0;
    },

    async addComposite(row: { id: string; userId: string; previewKey: string; data: Record<string, unknown> }): Promise<CompositeRow> {
      const [inserted] = await db.insert(compositeMaterials).values(row).returning();
      if (!inserted) throw new Error('composite insert returned no row');
      return inserted;
    },

    async listComposites(userId: string): Promise<CompositeRow[]> {
      return db
        .select()
        .from(compositeMaterials)
        .where(eq(compositeMaterials.userId, userId))
        .orderBy(desc(compositeMaterials.createdAt), desc(compositeMaterials.id))
        .limit(MATERIAL_LIST_MAX);
    },
  };
}
export type MockupMaterialsRepo = ReturnType<typeof createMockupMaterialsRepo>;
