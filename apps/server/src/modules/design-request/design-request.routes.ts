import { requestCalls } from '@packsmith/contracts';
import type { AppContext } from '../../app-context.js';
import { subjectList } from './design-request.service.js';

export function registerDesignRequestRoutes({ call, services }: AppContext): void {
  const { designRequests } = services;
  call(requestCalls.designRequest, ({ auth, input, ip }) => designRequests.submit(auth.user, input, { address: ip }));
  call(requestCalls.subjectList, () => subjectList());
  // Under /api/admin/: the admin guard (modules/admin/admin.routes.ts) has already required is_admin.
  call(requestCalls.adminDesignRequests, ({ input }) => designRequests.list(input.status, input.page_index, input.page_size));
  call(requestCalls.adminSetDesignRequestStatus, ({ auth, input }) => designRequests.setStatus(auth.user.id, input.request_id, input.status));
}
