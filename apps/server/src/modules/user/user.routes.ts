import { userCalls } from '@packsmith/contracts';
import type { AppContext } from '../../app-context.js';

export function registerUserRoutes({ call, services }: AppContext): void {
  call(userCalls.guestLogin, async ({ ip }) => {
    const { token } = await services.users.createGuest({ address: ip });
    return { token };
  });
  call(userCalls.me, async ({ auth }) => services.users.me(auth.user));
  call(userCalls.info, async ({ auth }) => services.users.info(auth.user));
  call(userCalls.getUploadHistory, ({ auth }) => services.userSettings.uploadHistory(auth.user.id));
  call(userCalls.putUploadHistory, ({ auth, input }) => services.userSettings.replaceUploadHistory(auth.user.id, input.history));
  call(userCalls.setGenerateNum, ({ auth, input }) => services.userSettings.setGenerateNum(auth.user, input.data));
  call(userCalls.apiIntention, ({ auth, input }) => services.userSettings.recordApiIntention(auth.user.id, input));
}
