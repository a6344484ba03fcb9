import { userCalls } from '@packsmith/contracts';
import type { AppContext } from '../../app-context.js';

export function registerAnalyticsRoutes({ call, services }: AppContext): void {
  call(userCalls.pageView, ({ input, auth }) => services.analytics.recordPageView(auth?.user.id ?? null, input));
  call(userCalls.ip, ({ input, auth, ip }) => services.analytics.recordIp(auth?.user.id ?? null, input.ip, ip));
}
