import { VipTypeSchema, billingCalls } from '@packsmith/contracts';
import type { AppContext } from '../../app-context.js';
import { toMs } from '../../lib/time.js';

export function registerRedeemRoutes({ call, services }: AppContext): void {
  call(billingCalls.redeemCode, async ({ auth, input }) => {
    const r = await services.redeem.use(auth.user, input.code);
    return {
      kind: r.kind,
      credits_added: r.creditsAdded,
      vip_type: VipTypeSchema.catch('normal').parse(r.vipType),
      vip_expire_time: toMs(r.vipExpireTime),
      credit: r.credit,
    };
  });
}
