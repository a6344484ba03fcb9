import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rejectUnsafeText, userCalls } from '@packsmith/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindingCookie, bindingNonceFor, clearBindingCookie, readBindingNonce } from './browser-binding.js';

// Not a contract call, so it applies the calls' text check itself (state is looked up in the database).
const CallbackQuery = z
  .object({
    code: z.string().max(4000).optional(),
    state: z.string().max(200).optional(),
    error: z.string().max(200).optional(),
  })
  .superRefine(rejectUnsafeText);

export function registerOAuthRoutes({ app, call, services, config }: AppContext): void {
  // Secure cookies whenever the browser sees https: directly, behind a proxy (trustProxy), or per PUBLIC_URL.
  const publicHttps = config.publicUrl?.startsWith('https:') ?? false;
  const secure = (request: FastifyRequest) => publicHttps || request.protocol === 'https';

  call(userCalls.oauthProviders, () => services.oauth.providers());
  call(userCalls.oauthAuthUrl, async ({ input, params, raw, reply }) => {
    const isSecure = secure(raw);
    const nonce = bindingNonceFor(raw.headers.cookie, isSecure);
    const answer = await services.oauth.authUrl(params.provider ?? '', input, `${raw.protocol}://${raw.host}`, nonce);
    // The SPA asks with a same-origin fetch, so the cookie lands in the browser it then sends to the provider.
    reply.header('set-cookie', bindingCookie(nonce, isSecure));
    return answer;
  });
  call(userCalls.oauthToken, ({ input }) => services.oauth.signInWithCredential(input));

  // The provider sends the browser here, so it answers a redirect, not the envelope.
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/oauth/:provider/callback',
      { schema: { hide: true, params: z.object({ provider: z.string().max(64) }).superRefine(rejectUnsafeText), querystring: CallbackQuery } },
      async (request, reply) => {
        const isSecure = secure(request);
        const location = await services.oauth.callback(request.params.provider, request.query, readBindingNonce(request.headers.cookie, isSecure));
        // Used once, whatever the outcome: a new attempt starts with a new auth_url.
        return reply.header('cache-control', 'no-store').header('set-cookie', clearBindingCookie(isSecure)).redirect(location, 302);
      },
    );
}
