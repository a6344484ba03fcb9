import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accessCalls } from '@packsmith/contracts';
import type { AppContext } from '../../app-context.js';
import { bearerToken, type AuthContext } from '../../http/auth-context.js';
import { tokenInvalid, unauthorized } from '../../http/errors.js';

export function registerAccessRoutes(ctx: AppContext): void {
  const { app, call, services } = ctx;
  call(accessCalls.editorOpen, ({ auth, input }) => services.access.openEditor(auth.user, input));
  call(accessCalls.apiAccess, ({ auth }) => services.access.apiAccess(auth.user));

  async function sessionOf(request: FastifyRequest): Promise<AuthContext> {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthorized();
    const auth = await ctx.authenticate(token, { method: request.method, path: request.routeOptions.url ?? '' });
    if (auth === 'invalid') throw tokenInvalid();
    return auth;
  }

  // The answer is the file itself, so this is not a ctx.call; refusals still use the envelope.
  const def = accessCalls.fileDownload;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    schema: { summary: def.summary, tags: ['file'], querystring: def.input, security: [{ bearer: [] }, { apiKey: [] }] },
    handler: async (request, reply) => {
      const auth = await sessionOf(request);
      const file = await services.access.download(auth.user, request.query.url);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${file.filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  });
}
