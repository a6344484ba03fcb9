import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { editorDocuments, editorVersions, projects } from '../../db/schema.js';

export type EditorDocumentRow = typeof editorDocuments.$inferSelect;
export type EditorVersionRow = typeof editorVersions.$inferSelect;

const NEWEST_FIRST = [desc(editorVersions.createdAt), desc(editorVersions.id)];

/** editor_documents and editor_versions: one stored document per ai_editor project and its named versions. */
export function createEditorRepo(db: DbOrTx) {
  return {
    async insert(row: { projectId: string; document: unknown; notes: string[]; freeUse: boolean }): Promise<EditorDocumentRow> {
      const [inserted] = await db
        .insert(editorDocuments)
        .values({ ...row, version: 1 })
        .returning();
      if (!inserted) throw new Error('editor document insert returned no row');
      return inserted;
    },

    async find(projectId: string): Promise<EditorDocumentRow | null> {
      const [row] = await db.select().from(editorDocuments).where(eq(editorDocuments.projectId, projectId)).limit(1);
      return row ?? null;
    },

    /**
     * The save: one UPDATE guarded by the version it was made from. Two saves naming the same
     * version cannot both match (the first bumps it), so the second gets null (stale).
     */
    async saveIfVersion(projectId: string, expected: number, document: unknown): Promise<EditorDocumentRow | null> {
      const [row] = await db
        .update(editorDocuments)
        .set({ document, version: sql`${editorDocuments.version} + 1`, updatedAt: new Date() })
        .where(and(eq(editorDocuments.projectId, projectId), eq(editorDocuments.version, expected)))
        .returning();
      return row ?? null;
    },

    /** The newest ai_editor project of `userId` opened from `parentId` whose data.image_url is `imageUrl` (reuse on open). */
    async findEditorProject(userId: string, parentId: string, imageUrl: string): Promise<{ id: string; freeUse: boolean } | null> {
      const [row] = await db
        .select({ id: projects.id, freeUse: editorDocuments.freeUse })
        .from(projects)
        .innerJoin(editorDocuments, eq(editorDocuments.projectId, projects.id))
        .where(
          and(
            eq(projects.userId, userId),
            eq(projects.type, 'ai_editor'),
            eq(projects.parentId, parentId),
            isNull(projects.deletedAt),
            sql`${projects.data}->>'image_url' = ${imageUrl}`,
          ),
        )
        .orderBy(desc(projects.createdAt))
        .limit(1);
      return row ?? null;
    },

    async insertVersion(row: { id: string; projectId: string; name: string; version: number; document: unknown }): Promise<EditorVersionRow> {
      const [inserted] = await db.insert(editorVersions).values(row).returning();
      if (!inserted) throw new Error('editor version insert returned no row');
      return inserted;
    },

    /** Drops the oldest named versions beyond `keep`. */
    async pruneVersions(projectId: string, keep: number): Promise<void> {
      const stale = await db
        .select({ id: editorVersions.id })
        .from(editorVersions)
        .where(eq(editorVersions.projectId, projectId))
        .orderBy(...NEWEST_FIRST)
        .offset(keep);
      if (stale.length > 0)
        await db.delete(editorVersions).where(
          inArray(
            editorVersions.id,
            stale.map((s) => s.id),
          ),
        );
    },

    async versions(projectId: string): Promise<Omit<EditorVersionRow, 'document'>[]> {
      return db
        .select({
          id: editorVersions.id,
          projectId: editorVersions.projectId,
          name: editorVersions.name,
          version: editorVersions.version,
          createdAt: editorVersions.createdAt,
        })
        .from(editorVersions)
        .where(eq(editorVersions.projectId, projectId))
        .orderBy(...NEWEST_FIRST);
    },

    async findVersion(projectId: string, id: string): Promise<EditorVersionRow | null> {
      const [row] = await db
        .select()
        .from(editorVersions)
        .where(and(eq(editorVersions.projectId, projectId), eq(editorVersions.id, id)))
        .limit(1);
      return row ?? null;
    },
  };
}
export type EditorRepo = ReturnType<typeof createEditorRepo>;
