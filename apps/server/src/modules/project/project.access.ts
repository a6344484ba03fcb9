import { forbidden, notFound } from '../../http/errors.js';
import type { ProjectRepo, ProjectRow } from './project.repo.js';

export type { ProjectRow } from './project.repo.js';

/**
 * Ownership is checked here for every project-scoped call and every socket room join
 * (ARCHITECTURE §4). An unknown or deleted id → 404; another user's project → 403; neither leaks fields.
 */
export function createProjectAccess(deps: { projects: Pick<ProjectRepo, 'findAlive'> }) {
  const load = (projectId: string): Promise<ProjectRow | null> => deps.projects.findAlive(projectId);
  return {
    load,
    /** The project when `userId` owns it; otherwise throws the 404/403 AppError. */
    async assertOwner(userId: string, projectId: string): Promise<ProjectRow> {
      const row = await load(projectId);
      if (!row) throw notFound('Project not found.');
      if (row.userId !== userId) throw forbidden('This project belongs to someone else.');
      return row;
    },
    /** Readable by its owner, or by anyone when public. */
    async assertReadable(userId: string, projectId: string): Promise<ProjectRow> {
      const row = await load(projectId);
      if (!row) throw notFound('Project not found.');
      if (row.userId !== userId && !row.isPublic) throw forbidden('This project belongs to someone else.');
      return row;
    },
    /** Socket acknowledgement code for a room join: 0 owner, 403 other, 404 unknown. */
    async joinCode(userId: string, projectId: string): Promise<0 | 403 | 404> {
      const row = await load(projectId);
      if (!row) return 404;
      return row.userId === userId ? 0 : 403;
    },
  };
}
export type ProjectAccess = ReturnType<typeof createProjectAccess>;
