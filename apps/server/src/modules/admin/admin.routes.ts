import { billingCalls } from '@packsmith/contracts';
import type { AppContext } from '../../app-context.js';
import { bearerToken } from '../../http/auth-context.js';
import { tokenInvalid, unauthorized } from '../../http/errors.js';

/** Every admin call lives under this prefix: the guard below covers it whole. */
export const ADMIN_PREFIX = '/api/admin/';

export function registerAdminRoutes({ app, call, services, authenticate }: AppContext): void {
  const { admin } = services;

  // The guard runs before the input is validated or read: a non-admin learns nothing of the calls'
  // shapes (always 403, never a validation message) and no admin data is read for them.
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.url?.startsWith(ADMIN_PREFIX)) return;
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthorized();
    const auth = await authenticate(token);
    if (auth === 'invalid') throw tokenInvalid();
    if (auth.user.type !== 'user') throw unauthorized();
    await admin.requireAdmin(auth.user.id);
  });

  call(billingCalls.adminUsers, ({ input }) => admin.users(input.q, input.page_index, input.page_size));
  call(billingCalls.adminUser, ({ input }) => admin.user(input.user_id));
  call(billingCalls.adminAdjustCredits, ({ auth, input }) => admin.adjustCredits(auth.user.id, input));
  call(billingCalls.adminGrantPlan, ({ auth, input }) => admin.grantPlan(auth.user.id, input));
  call(billingCalls.adminEndPlan, ({ auth, input }) => admin.endPlan(auth.user.id, input));
  call(billingCalls.adminPromotionCodes, ({ input }) => admin.promotionCodes(input.page_index, input.page_size));
  call(billingCalls.adminCreatePromotionCode, ({ auth, input }) => admin.createPromotionCode(auth.user.id, input));
  call(billingCalls.adminSetPromotionCodeActive, ({ auth, input }) => admin.setPromotionCodeActive(auth.user.id, input));
  call(billingCalls.adminRedeemCodes, ({ input }) => admin.redeemCodes(input.page_index, input.page_size));
  call(billingCalls.adminCreateRedeemCodes, ({ auth, input }) => admin.createRedeemCodes(auth.user.id, input));
  call(billingCalls.adminCancellations, ({ input }) => admin.cancellations(input.page_index, input.page_size));
  call(billingCalls.adminPaymentEvents, ({ input }) => admin.paymentEvents(input.page_index, input.page_size));
  call(billingCalls.adminActions, ({ input }) => admin.actions(input.page_index, input.page_size));
}
