import { generateCalls } from '@packsmith/contracts';
import type { AppContext } from '../../app-context.js';

export function registerGenerateRoutes({ call, services }: AppContext): void {
  call(generateCalls.getRecord, async ({ auth, input }) => services.generate.getRecord(auth.user.id, input.id));

  call(generateCalls.createRecord, async ({ auth, input }) => services.generate.createRecord(auth.user, input));
}
