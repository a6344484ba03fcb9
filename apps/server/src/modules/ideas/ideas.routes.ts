import { ideaCalls } from '@packsmith/contracts';
import type { AppContext } from '../../app-context.js';

export function registerIdeaRoutes({ call, services }: AppContext): void {
  const { ideas } = services;
  call(ideaCalls.catePreviewList, () => ideas.previewList());
  call(ideaCalls.packageList, ({ input }) => ideas.packageList(input));
  call(ideaCalls.search, ({ input }) => ideas.search(input));
  call(ideaCalls.searchTag, ({ input }) => ideas.searchTag(input));
  call(ideaCalls.category, ({ input }) => ideas.category(input));
  call(ideaCalls.idea, ({ auth, input }) => ideas.idea(auth?.user.id ?? null, input.project_id));
  call(ideaCalls.similarImage, ({ auth, input }) => ideas.similarImage(auth.user.id, input));
  // Under /api/admin/: the admin guard (modules/admin/admin.routes.ts) has already required is_admin.
  call(ideaCalls.adminIdeas, ({ input }) => ideas.adminIdeas(input));
  call(ideaCalls.adminSetIdea, ({ auth, input }) => ideas.adminSetIdea(auth.user.id, input));
}
