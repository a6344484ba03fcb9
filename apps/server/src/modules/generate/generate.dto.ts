import type { GenerateRecord } from '@packsmith/contracts';
import type { GenerateRecordRow } from './generate.repo.js';

/** The public view of a record: never its input, cost or attempt count. */
export function toRecordDto(row: GenerateRecordRow): GenerateRecord {
  return {
    id: row.id,
    project_id: row.projectId,
    kind: row.kind,
    status: row.status,
    progress: row.progress,
    data: row.data ?? null,
    error: row.error,
    create_at: row.createdAt.getTime(),
    update_at: row.updatedAt.getTime(),
  };
}
