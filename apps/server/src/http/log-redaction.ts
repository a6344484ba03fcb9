import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

/**
 * Query parameters whose values are secrets: a session token (the OAuth redirect lands on
 * `/?token=`), and OAuth's one-time `code` and `state`. Their values never reach the log.
 */
export const SECRET_QUERY_PARAMS: ReadonlySet<string> = new Set(['token', 'code', 'state', 'access_token', 'id_token']);
export const REDACTED = '[redacted]';

function paramName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** `url` with the values of SECRET_QUERY_PARAMS replaced by `[redacted]`; everything else kept as sent. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const redacted = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return SECRET_QUERY_PARAMS.has(paramName(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q + 1)}${redacted}${hash < 0 ? '' : url.slice(hash)}`;
}

/** Fastify's own `req` serializer (method, url, host, remote address), with the URL redacted. */
export function requestLogSerializer(req: FastifyRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * Every per-request logger serialises `req` with requestLogSerializer, whichever root logger the
 * app was built with (its own or a test's), so no request line logs a secret query value.
 */
export function redactingChildLoggerFactory(logger: FastifyBaseLogger, bindings: Bindings, opts: ChildLoggerOptions): FastifyBaseLogger {
  return logger.child(bindings, { ...opts, serializers: { ...opts.serializers, req: requestLogSerializer } });
}
