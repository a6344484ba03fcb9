import { userCalls } from '@packsmith/contracts';
import type { AppContext } from '../../app-context.js';

export function registerAccountRoutes({ call, services }: AppContext): void {
  call(userCalls.verifyEmail, ({ input }) => services.account.requestCode(input));
  call(userCalls.registerWithVerify, ({ input }) => services.account.register(input));
  call(userCalls.accountLogin, ({ input }) => services.account.login(input));
  call(userCalls.logout, ({ auth }) => services.account.logout(auth));
}
