import { userCalls } from '@packsmith/contracts';
import type { AppContext } from '../../app-context.js';

export function registerUserRoutes({ call, services }: AppContext): void {
  call(userCalls.guestLogin, async () => {
    const { token } = await services.users.createGuest();
    return { token };
  });
  call(userCalls.me, async ({ auth }) => services.users.me(auth.user));
  call(userCalls.info, async ({ auth }) => services.users.info(auth.user));
}
