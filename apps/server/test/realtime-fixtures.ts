/** Small builders the realtime tests share: a project to join, and a chat message to emit into its room. */
import { randomBytes } from 'node:crypto';
import type { ChatMessage, Project } from '@packsmith/contracts';
import type { TestClient } from './client.js';

export async function newProject(c: TestClient): Promise<string> {
  const r = await c.post<Project>('/api/project', { type: 'design' });
  if (r.code !== 0 || !r.data) throw new Error(`create project failed: ${r.msg}`);
  return r.data.project_id;
}

export function chatMessage(projectId: string, message: string): ChatMessage {
  const now = Date.now();
  return {
    msg_id: `m-${randomBytes(4).toString('hex')}`,
    project_id: projectId,
    role: 'assistant',
    isloading: false,
    time: now,
    content: { message, type: 'text' },
    data: {},
    reference_img: null,
    create_at: now,
  };
}
