import { generateCalls } from '@packsmith/contracts';
import type { AppContext } from '../../app-context.js';
import { recordPriority } from './generate.service.js';
import { selftestJob } from './selftest.job.js';

export function registerGenerateRoutes({ call, services }: AppContext): void {
  call(generateCalls.getRecord, async ({ auth, input }) => services.generate.getRecord(auth.user.id, input.id));

  call(generateCalls.createRecord, async ({ auth, input }) => {
    await services.projectAccess.assertOwner(auth.user.id, input.project_id);
    return services.generate.startRecord({
      user: auth.user,
      projectId: input.project_id,
      kind: input.kind,
      input: { steps: input.steps, step_ms: input.step_ms, fail: input.fail, echo: input.echo },
      cost: selftestJob.cost,
      priority: recordPriority(auth.user),
    });
  });
}
