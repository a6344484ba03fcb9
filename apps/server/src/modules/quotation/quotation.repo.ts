import { and, desc, eq } from 'drizzle-orm';
import { QuoteSchema, type Quote } from '@packsmith/contracts';
import type { DbOrTx } from '../../db/client.js';
import { quotes } from '../../db/schema.js';

export interface QuoteWrite {
  id: string;
  userId: string;
  projectId: string | null;
  input: Record<string, unknown>;
  quote: Quote;
}

/** The most saved quotes the state call answers for one project. */
const PROJECT_QUOTES_MAX = 50;

/** A stored quote read back; a row that no longer parses (an old shape) is skipped rather than failing the list. */
function toQuote(row: typeof quotes.$inferSelect): Quote | null {
  const parsed = QuoteSchema.safeParse({ ...row.quote, quote_id: row.id });
  return parsed.success ? parsed.data : null;
}

/** The saved quotes (table quotes): a quote is kept with its input, its owner and optionally its project. */
export function createQuotationRepo(db: DbOrTx) {
  return {
    async insert(q: QuoteWrite): Promise<void> {
      await db.insert(quotes).values({
        id: q.id,
        userId: q.userId,
        projectId: q.projectId,
        input: q.input,
        quote: q.quote,
        validUntil: new Date(q.quote.valid_until),
      });
    },
    /** The caller's quote; null when it does not exist or is someone else's (answered alike: 404). */
    async findOwned(userId: string, id: string): Promise<Quote | null> {
      const [row] = await db
        .select()
        .from(quotes)
        .where(and(eq(quotes.id, id), eq(quotes.userId, userId)))
        .limit(1);
      return row ? toQuote(row) : null;
    },
    /** A project's quotes, newest first. */
    async listForProject(projectId: string): Promise<Quote[]> {
      const rows = await db.select().from(quotes).where(eq(quotes.projectId, projectId)).orderBy(desc(quotes.createdAt)).limit(PROJECT_QUOTES_MAX);
      return rows.flatMap((r) => {
        const q = toQuote(r);
        return q ? [q] : [];
      });
    },
  };
}
export type QuotationRepo = ReturnType<typeof createQuotationRepo>;
