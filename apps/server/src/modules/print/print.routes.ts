import { quotationCalls } from '@packsmith/contracts';
import type { AppContext } from '../../app-context.js';

export function registerPrintRoutes({ call, services }: AppContext): void {
  const { print } = services;
  call(quotationCalls.printCheck, ({ auth, input }) => print.check(auth.user, input.project_id, input.image_url));
  call(quotationCalls.printRequest, ({ auth, input }) => print.request(auth.user, input));
  call(quotationCalls.printRequests, ({ auth, input }) => print.requestsOf(auth.user.id, input.page_index, input.page_size));
  // Under /api/admin/: the admin guard (modules/admin/admin.routes.ts) has already required is_admin.
  call(quotationCalls.adminPrintRequests, ({ input }) => print.allRequests(input.page_index, input.page_size));
}
