import { isIP } from 'node:net';
import type { AnalyticsRepo } from './analytics.repo.js';
import { badRequest } from '../../http/errors.js';

export interface PageViewInput {
  route_name: string;
  path: string;
  referrer?: string;
  ref?: string;
  utm_source?: string;
}

/** Page views and visitor IPs (SPEC §2: every navigation reports its route name). Anonymous callers welcome. */
export function createAnalyticsService(deps: { repo: AnalyticsRepo }) {
  return {
    async recordPageView(userId: string | null, input: PageViewInput): Promise<{ recorded: boolean }> {
      await deps.repo.insertPageView({
        userId,
        routeName: input.route_name,
        path: input.path,
        referrer: input.referrer ?? null,
        ref: input.ref ?? null,
        utmSource: input.utm_source ?? null,
      });
      return { recorded: true };
    },
    /** Records the given IP (or the caller's own when none is given) and answers it with its first-seen time. */
    async recordIp(userId: string | null, given: string | undefined, callerIp: string): Promise<{ ip: string; first_seen: number }> {
      const ip = (given ?? '').trim() || callerIp;
      if (isIP(ip) === 0) throw badRequest('ip: is not an IP address.');
      const row = await deps.repo.hitIp(ip, userId);
      return { ip: row.ip, first_seen: row.createdAt.getTime() };
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
