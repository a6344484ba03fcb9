import { and, asc, desc, eq, lt, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { chatMessages, generateRecords, projects } from '../../db/schema.js';

export type ChatMessageRow = typeof chatMessages.$inferSelect;

/** A message to append; its create_at is assigned by the repo. */
export interface NewChatMessage {
  id: string;
  role: 'user' | 'assistant';
  kind: string;
  message: string;
  data?: Record<string, unknown>;
  referenceImg?: string | null;
  isLoading?: boolean;
}

export function createChatRepo(db: DbOrTx) {
  return {
    /**
     * Appends messages to a project's chat in order. create_at is epoch ms, strictly increasing per
     * project even within one millisecond (history pages by it): the project row is locked while
     * the last create_at is read, so concurrent appends cannot take the same value. Messages whose
     * id already exists are skipped (a job that runs again writes its answer once); the answer holds
     * only the rows written now. Returns [] when the project is gone, or when `onlyIfEmpty` is set
     * and the chat already has messages (two concurrent hellos greet once).
     */
    async append(projectId: string, messages: readonly NewChatMessage[], opts: { onlyIfEmpty?: boolean; now?: number } = {}): Promise<ChatMessageRow[]> {
      if (messages.length === 0) return [];
      return db.transaction(async (tx) => {
        const locked = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update').limit(1);
        if (locked.length === 0) return [];
        const [last] = await tx
          .select({ at: max(chatMessages.createAt), n: sql<number>`count(*)::int` })
          .from(chatMessages)
          .where(eq(chatMessages.projectId, projectId));
        if (opts.onlyIfEmpty && (last?.n ?? 0) > 0) return [];
        const now = opts.now ?? Date.now();
        let at = Math.max(now, (last?.at ?? 0) + 1);
        const written: ChatMessageRow[] = [];
        for (const m of messages) {
          const rows = await tx
            .insert(chatMessages)
            .values({
              id: m.id,
              projectId,
              role: m.role,
              kind: m.kind,
              message: m.message,
              data: m.data ?? {},
              referenceImg: m.referenceImg ?? null,
              isLoading: m.isLoading ?? false,
              createAt: at,
            })
            .onConflictDoNothing({ target: chatMessages.id })
            .returning();
          if (rows[0]) {
            written.push(rows[0]);
            at += 1;
          }
        }
        return written;
      });
    },

    async find(id: string): Promise<ChatMessageRow | null> {
      const rows = await db.select().from(chatMessages).where(eq(chatMessages.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** The oldest messages of a project (what a repeated hello answers). */
    async first(projectId: string, limit: number): Promise<ChatMessageRow[]> {
      return db.select().from(chatMessages).where(eq(chatMessages.projectId, projectId)).orderBy(asc(chatMessages.createAt)).limit(limit);
    },

    /**
     * The `count` newest messages before `before` (0 = the newest of all), oldest first, and whether
     * older ones remain.
     */
    async page(projectId: string, before: number, count: number): Promise<{ rows: ChatMessageRow[]; hasMore: boolean }> {
      const rows = await db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.projectId, projectId), before > 0 ? lt(chatMessages.createAt, before) : undefined))
        .orderBy(desc(chatMessages.createAt))
        .limit(count + 1);
      const hasMore = rows.length > count;
      return { rows: rows.slice(0, count).reverse(), hasMore };
    },

    /** The input a generate record ran with (to run it again), when the record belongs to `userId`. */
    async recordInput(recordId: string, userId: string): Promise<{ kind: string; input: Record<string, unknown>; projectId: string | null } | null> {
      const rows = await db
        .select({ kind: generateRecords.kind, input: generateRecords.input, projectId: generateRecords.projectId })
        .from(generateRecords)
        .where(and(eq(generateRecords.id, recordId), eq(generateRecords.userId, userId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Counts a project's messages (tests and the hello rule). */
    async count(projectId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(chatMessages)
        .where(eq(chatMessages.projectId, projectId));
      return row?.n ?? 0;
    },
  };
}
export type ChatRepo = ReturnType<typeof createChatRepo>;
