import { projectCalls } from '@packsmith/contracts';
import type { AppContext } from '../../app-context.js';

export function registerProjectRoutes({ call, services }: AppContext): void {
  const projects = services.projects;
  call(projectCalls.create, ({ auth, input }) => projects.create(auth.user.id, input));
  call(projectCalls.update, ({ auth, input }) => projects.update(auth.user.id, input));
  call(projectCalls.remove, ({ auth, input }) => projects.remove(auth.user.id, input.project_id));
  call(projectCalls.info, ({ auth, input }) => projects.info(auth.user.id, input.project_id));
  call(projectCalls.detail, ({ auth, input }) => projects.detail(auth.user.id, input.project_id));
  call(projectCalls.list, ({ auth, input }) => projects.list(auth.user.id, input));
  // Public projects of others, or the ideas most like one (the design-idea gallery ranks them).
  call(projectCalls.others, ({ auth, input }) => services.ideas.others(auth.user.id, input));
  call(projectCalls.view, ({ auth, input }) => projects.view(auth.user.id, input.project_id));
  call(projectCalls.rename, ({ auth, input }) => projects.rename(auth.user.id, input.project_id, input.name));
  call(projectCalls.likeStatus, ({ auth, input }) => projects.likeStatus(auth.user.id, input.project_id));
  call(projectCalls.like, ({ auth, input }) => projects.like(auth.user.id, input.project_id));
  call(projectCalls.likeImage, ({ auth, input }) => projects.likeImage(auth.user.id, input));
  call(projectCalls.createChild, ({ auth, input }) => projects.createChild(auth.user.id, input));
  call(projectCalls.childList, ({ auth, input }) => projects.childList(auth.user.id, input.project_id));
}
