import { billingCalls } from '@packsmith/contracts';
import type { AppContext } from '../../app-context.js';

/** The API key calls of the billing page (Business members); API keys themselves are refused here (api-key-scope.ts). */
export function registerApiKeyRoutes({ call, services }: AppContext): void {
  call(billingCalls.apiKeyList, ({ auth }) => services.apiKeys.list(auth.user));
  call(billingCalls.apiKeyCreate, ({ auth, input }) => services.apiKeys.create(auth.user, input.name));
  call(billingCalls.apiKeyRevoke, ({ auth, input }) => services.apiKeys.revoke(auth.user, input.id));
}
