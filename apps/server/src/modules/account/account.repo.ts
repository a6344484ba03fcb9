import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { compositeMaterials, emailCodes, files, materials, mockupTemplates, projects, users } from '../../db/schema.js';
import { sessionCache } from '../session/index.js';

export type EmailCodeRow = typeof emailCodes.$inferSelect;
export type CodePurpose = EmailCodeRow['purpose'];

export function createAccountRepo(db: DbOrTx) {
  return {
    /** Serialises code requests for one email until the transaction ends (the 60 s rule holds under races). */
    async lockEmail(email: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`email-code:${email}`}))`);
    },
    async latestCode(email: string, purpose?: CodePurpose): Promise<EmailCodeRow | null> {
      const where = purpose ? and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)) : eq(emailCodes.email, email);
      const rows = await db.select().from(emailCodes).where(where).orderBy(desc(emailCodes.createdAt)).limit(1);
      return rows[0] ?? null;
    },
    async insertCode(row: typeof emailCodes.$inferInsert): Promise<void> {
      await db.insert(emailCodes).values(row);
    },
    async deleteCode(id: string): Promise<void> {
      await db.delete(emailCodes).where(eq(emailCodes.id, id));
    },
    /** Counts one try before comparing, so parallel guesses cannot exceed the limit. Null when none is left. */
    async takeAttempt(id: string, max: number): Promise<number | null> {
      const rows = await db
        .update(emailCodes)
        .set({ attempts: sql`${emailCodes.attempts} + 1` })
        .where(and(eq(emailCodes.id, id), lt(emailCodes.attempts, max), isNull(emailCodes.usedAt)))
        .returning({ attempts: emailCodes.attempts });
      return rows[0]?.attempts ?? null;
    },
    /** Marks a code used; false when another request used it first. */
    async markCodeUsed(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(emailCodes)
        .set({ usedAt: at })
        .where(and(eq(emailCodes.id, id), isNull(emailCodes.usedAt)))
        .returning({ id: emailCodes.id });
      return rows.length > 0;
    },
    /** Claims a live guest for a merge; false when it is not a guest or was merged already. */
    async claimGuest(guestId: string, intoUserId: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ mergedIntoUserId: intoUserId, updatedAt: new Date() })
        .where(and(eq(users.id, guestId), eq(users.type, 'guest'), isNull(users.mergedIntoUserId)))
        .returning({ id: users.id });
      sessionCache.invalidateUser(guestId, db);
      return rows.length > 0;
    },
    async moveProjects(fromUserId: string, toUserId: string): Promise<number> {
      const rows = await db.update(projects).set({ userId: toUserId }).where(eq(projects.userId, fromUserId)).returning({ id: projects.id });
      return rows.length;
    },
    async moveFiles(fromUserId: string, toUserId: string): Promise<void> {
      await db.update(files).set({ userId: toUserId }).where(eq(files.userId, fromUserId));
    },
    /**
     * The guest's mockup studio belongings: its custom templates (whose files moveFiles moves), materials
     * and saved compositions. A material the account kept already stays once (the guest's copy goes).
     */
    async moveMockupItems(fromUserId: string, toUserId: string): Promise<void> {
      await db.update(mockupTemplates).set({ ownerUserId: toUserId }).where(eq(mockupTemplates.ownerUserId, fromUserId));
      await db
        .delete(materials)
        .where(
          and(
            eq(materials.userId, fromUserId),
            sql`exists (select 1 from materials as kept where kept.user_id = ${toUserId} and kept.file_key = materials.file_key)`,
          ),
        );
      await db.update(materials).set({ userId: toUserId }).where(eq(materials.userId, fromUserId));
      await db.update(compositeMaterials).set({ userId: toUserId }).where(eq(compositeMaterials.userId, fromUserId));
    },
  };
}
export type AccountRepo = ReturnType<typeof createAccountRepo>;
