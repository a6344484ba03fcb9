import { projectCalls, type ProjectType } from '@packsmith/contracts';
import { apiCall } from '../../../api/client';
import { rememberAnonymousProject, useSessionStore } from '../../../stores/session.store';

export interface NewProjectOptions {
  type?: Exclude<ProjectType, 'childDesign'>;
  /** Redesign: the new project starts from this project's brief. */
  forkFrom?: string | null;
  /** Child design from a parent project's image (the parent screen passes it). */
  child?: { parentProjectId: string; imageUrl: string; originImage?: string } | null;
}

/**
 * SPEC §4 chat start without a project id: a new project (a fork with fid, a child design from a
 * parent image). Resolves the new id, or null when the server refused (the catalogue showed why).
 * Calls for the same thing made while one is on its way share it, so a double mount makes one project.
 */
export type CreateChatProject = (options?: NewProjectOptions) => Promise<string | null>;

export function createProjectCreation(): CreateChatProject {
  const creating = new Map<string, Promise<string | null>>();
  return (options = {}) => {
    const key = JSON.stringify([options.type ?? 'design', options.forkFrom ?? null, options.child ?? null]);
    const pending = creating.get(key);
    if (pending) return pending;
    const job = (async () => {
      try {
        const project = options.child
          ? await apiCall(projectCalls.createChild, {
              parent_project_id: options.child.parentProjectId,
              edit_image_url: options.child.imageUrl,
              ...(options.child.originImage ? { origin_image: options.child.originImage } : {}),
            })
          : await apiCall(projectCalls.create, { type: options.type ?? 'design', ...(options.forkFrom ? { fork_from: options.forkFrom } : {}) });
        if (useSessionStore.getState().tokenType !== 'user') rememberAnonymousProject(project.project_id);
        return project.project_id;
      } catch {
        return null;
      } finally {
        creating.delete(key);
      }
    })();
    creating.set(key, job);
    return job;
  };
}
