import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { nutritionFoods } from '../../db/schema.js';

export type NutritionFoodRow = typeof nutritionFoods.$inferSelect;
export type NewNutritionFoodRow = typeof nutritionFoods.$inferInsert;

/** A user's own ingredients (nutrients per 100 g); every read and write is scoped to the owner. */
export function createNutritionRepo(db: DbOrTx) {
  const mine = (userId: string, id: string) => and(eq(nutritionFoods.id, id), eq(nutritionFoods.userId, userId));
  return {
    /** The owner's entries, most recently changed first. */
    async foodsOf(userId: string): Promise<NutritionFoodRow[]> {
      return db.select().from(nutritionFoods).where(eq(nutritionFoods.userId, userId)).orderBy(desc(nutritionFoods.updatedAt), desc(nutritionFoods.id));
    },
    async countOf(userId: string): Promise<number> {
      const rows = await db.select({ n: count() }).from(nutritionFoods).where(eq(nutritionFoods.userId, userId));
      return rows[0]?.n ?? 0;
    },
    async insert(row: NewNutritionFoodRow): Promise<NutritionFoodRow> {
      const [inserted] = await db.insert(nutritionFoods).values(row).returning();
      if (!inserted) throw new Error('nutrition food insert returned no row');
      return inserted;
    },
    /** Replaces an entry of the owner's; null when the owner has no entry with this id. */
    async update(userId: string, id: string, patch: Pick<NewNutritionFoodRow, 'name' | 'per100g' | 'allergens'>): Promise<NutritionFoodRow | null> {
      const [row] = await db
        .update(nutritionFoods)
        .set({ ...patch, updatedAt: new Date() })
        .where(mine(userId, id))
        .returning();
      return row ?? null;
    },
    async remove(userId: string, id: string): Promise<boolean> {
      const rows = await db.delete(nutritionFoods).where(mine(userId, id)).returning({ id: nutritionFoods.id });
      return rows.length > 0;
    },
  };
}
export type NutritionRepo = ReturnType<typeof createNutritionRepo>;
