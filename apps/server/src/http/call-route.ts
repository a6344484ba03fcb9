import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code, SUCCESS, envelopeOf, rejectUnsafeText, type CallDef } from '@packsmith/contracts';
import { apiKeyMayCall } from './api-key-scope.js';
import { bearerToken, type AuthContext, type Authenticate } from './auth-context.js';
import { tokenInvalid, unauthorized } from './errors.js';

export interface CallRequest<I, A> {
  input: I;
  auth: A;
  params: Record<string, string>;
  ip: string;
  userAgent: string;
  raw: FastifyRequest;
  /** For response headers only (e.g. a Set-Cookie); the handler's answer is still the envelope's data. */
  reply: FastifyReply;
}

type AuthFor<C extends CallDef> = C['auth'] extends 'public' ? AuthContext | null : AuthContext;

/**
 * Registers one contract call: validates its input with the call's zod schema (never reaching the
 * handler when invalid), resolves the caller by its auth level, and wraps the handler's data in the
 * `{code, msg, data}` envelope. Errors go through the app's error handler.
 */
export function registerCall<C extends CallDef>(
  app: FastifyInstance,
  authenticate: Authenticate,
  call: C,
  handler: (req: CallRequest<z.output<C['input']>, AuthFor<C>>) => Promise<z.input<C['data']>> | z.input<C['data']>,
): void {
  const inputKey = call.method === 'GET' ? 'querystring' : 'body';
  const params = call.path.includes(':')
    ? z.object(Object.fromEntries([...call.path.matchAll(/:(\w+)/g)].map((m) => [m[1] as string, z.string().max(64)]))).superRefine(rejectUnsafeText)
    : undefined;
  const route = { method: call.method, path: call.path };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    schema: {
      summary: call.summary,
      tags: [call.path.split('/')[2] ?? 'api'],
      [inputKey]: call.input,
      ...(params ? { params } : {}),
      response: { 200: envelopeOf(call.data) },
      ...securityOf(call),
    },
    handler: async (request, reply) => {
      const token = bearerToken(request.headers.authorization);
      let auth: AuthContext | null = null;
      if (token) {
        // The call's own path: an API key is checked against the allow-list of calls it may make.
        const resolved = await authenticate(token, route);
        if (resolved === 'invalid') {
          // A public call still works without a valid session; others must say 402 so the client re-acquires one.
          if (call.auth !== 'public') throw tokenInvalid();
        } else {
          auth = resolved;
        }
      }
      if (call.auth !== 'public' && !auth) throw unauthorized();
      if (call.auth === 'user' && auth?.user.type !== 'user') throw unauthorized();
      const input = (inputKey === 'body' ? (request.body ?? {}) : request.query) as z.output<C['input']>;
      const data = await handler({
        input,
        auth: auth as AuthFor<C>,
        params: (request.params ?? {}) as Record<string, string>,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        raw: request,
        reply,
      });
      return { code: Code.OK, msg: SUCCESS, data };
    },
  });
}

/** OpenAPI: a session token on every non-public call; an API key too where the allow-list takes one. */
function securityOf(call: CallDef): { security?: Record<string, string[]>[] } {
  const byKey = apiKeyMayCall({ method: call.method, path: call.path });
  if (call.auth === 'public') return byKey ? { security: [{}, { bearer: [] }, { apiKey: [] }] } : {};
  return { security: byKey ? [{ bearer: [] }, { apiKey: [] }] : [{ bearer: [] }] };
}
