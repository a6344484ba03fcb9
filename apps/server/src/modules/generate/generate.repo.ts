import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { generateRecords } from '../../db/schema.js';

export type GenerateRecordRow = typeof generateRecords.$inferSelect;
export type NewGenerateRecord = typeof generateRecords.$inferInsert;

const UNFINISHED = ['queued', 'running'] as const;

export type RecordOutcome = { status: 'done'; data: Record<string, unknown> } | { status: 'failed'; error: string };

export function createGenerateRepo(db: DbOrTx) {
  return {
    async insert(row: NewGenerateRecord): Promise<GenerateRecordRow> {
      const [created] = await db.insert(generateRecords).values(row).returning();
      if (!created) throw new Error('generate record insert returned nothing');
      return created;
    },
    async find(id: string): Promise<GenerateRecordRow | null> {
      const rows = await db.select().from(generateRecords).where(eq(generateRecords.id, id)).limit(1);
      return rows[0] ?? null;
    },
    /** Marks an unfinished record running and counts the attempt; null when finished or out of attempts. */
    async claim(id: string, maxAttempts: number): Promise<GenerateRecordRow | null> {
      const [row] = await db
        .update(generateRecords)
        .set({ status: 'running', attempts: sql`${generateRecords.attempts} + 1`, updatedAt: new Date() })
        .where(and(eq(generateRecords.id, id), inArray(generateRecords.status, UNFINISHED), lt(generateRecords.attempts, maxAttempts)))
        .returning();
      return row ?? null;
    },
    /** Only a running record moves, and only forward. */
    async setProgress(id: string, progress: number): Promise<boolean> {
      const rows = await db
        .update(generateRecords)
        .set({ progress, updatedAt: new Date() })
        .where(and(eq(generateRecords.id, id), eq(generateRecords.status, 'running'), lt(generateRecords.progress, progress)))
        .returning({ id: generateRecords.id });
      return rows.length > 0;
    },
    /** Finishes an unfinished record; null when it was already finished, so an outcome applies once. */
    async finish(id: string, outcome: RecordOutcome): Promise<GenerateRecordRow | null> {
      const now = new Date();
      const patch =
        outcome.status === 'done'
          ? { status: 'done' as const, progress: 100, data: outcome.data, error: null }
          : { status: 'failed' as const, error: outcome.error };
      const [row] = await db
        .update(generateRecords)
        .set({ ...patch, updatedAt: now, finishedAt: now })
        .where(and(eq(generateRecords.id, id), inArray(generateRecords.status, UNFINISHED)))
        .returning();
      return row ?? null;
    },
    /** Records left running by a process that is gone go back to queued. */
    async requeueRunning(): Promise<number> {
      const rows = await db
        .update(generateRecords)
        .set({ status: 'queued', updatedAt: new Date() })
        .where(eq(generateRecords.status, 'running'))
        .returning({ id: generateRecords.id });
      return rows.length;
    },
    async unfinished(): Promise<GenerateRecordRow[]> {
      return db
        .select()
        .from(generateRecords)
        .where(inArray(generateRecords.status, UNFINISHED))
        .orderBy(desc(generateRecords.priority), asc(generateRecords.createdAt));
    },
  };
}
export type GenerateRepo = ReturnType<typeof createGenerateRepo>;
