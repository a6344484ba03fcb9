import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userCalls } from '@packsmith/contracts';
import type { AppContext } from '../../app-context.js';

const CallbackQuery = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});

export function registerOAuthRoutes({ app, call, services }: AppContext): void {
  call(userCalls.oauthProviders, () => services.oauth.providers());
  call(userCalls.oauthAuthUrl, ({ input, params, raw }) =>
    services.oauth.authUrl(params.provider ?? '', input, `${raw.protocol}://${raw.host}`),
  );
  call(userCalls.oauthToken, ({ input }) => services.oauth.signInWithCredential(input));

  // The provider sends the browser here, so it answers a redirect, not the envelope.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/oauth/:provider/callback',
    { schema: { hide: true, params: z.object({ provider: z.string().max(64) }), querystring: CallbackQuery } },
    async (request, reply) => {
      const location = await services.oauth.callback(request.params.provider, request.query);
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  );
}
