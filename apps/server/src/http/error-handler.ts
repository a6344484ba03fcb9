import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { Code, Msg } from '@packsmith/contracts';
import { AppError } from './errors.js';

/** Names the failing field in the message: "email: Please enter a valid email address." */
function validationMessage(err: FastifyError & { validation: { instancePath: string; message?: string }[] }): string {
  return err.validation
    .slice(0, 3)
    .map((v) => {
      const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const message = v.message ?? 'is invalid';
      // Contract messages that already name their field ("notes: must not…", "email is required.") stand as they are.
      const root = field.split('.')[0] ?? '';
      if (root && (message.startsWith(`${root}:`) || message.startsWith(`${root} `))) return message;
      // …and so do nested ones that name their path ("recipe.ingredients: at most 300…").
      if (field.includes('.') && message.startsWith(`${field}:`)) return message;
      return field ? `${field}: ${message}` : (v.message ?? 'Invalid input.');
    })
    .join('; ');
}

const CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid Content-Length.',
  FST_ERR_VALIDATION: 'Invalid input.',
  FST_ERR_MULTIPART_FILE_TOO_LARGE: 'The file is too large.',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large.',
};

/**
 * The envelope on every failure (ARCHITECTURE §4): business and input errors answer HTTP 200 with
 * their code; a crash answers HTTP 500 with a generic message and the details go only to the log.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(200).headers(error.headers).send({ code: error.code, msg: error.message, data: null });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(200).send({ code: Code.BAD_REQUEST, msg: validationMessage(error), data: null });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its contract');
      return reply.status(500).send({ code: 500, msg: Msg.internal, data: null });
    }
    const clientMsg = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (clientMsg || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
      return reply.status(200).send({ code: Code.BAD_REQUEST, msg: clientMsg ?? 'Invalid request.', data: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 500, msg: Msg.internal, data: null });
  });

  app.setNotFoundHandler((request, reply) => {
    return reply.status(404).send({ code: Code.NOT_FOUND, msg: `No route ${request.method} ${request.url.split('?')[0]}`, data: null });
  });
}

/**
 * Fastify's clientErrorHandler: requests Node could not parse (a URL or headers over
 * `http.maxHeaderSize`, 16 KB by default; malformed request lines; header timeouts) never reach a
 * route, so they keep their HTTP status (431, 400, 408), like unknown routes keep 404, but the body
 * is the envelope with code 400 rather than Fastify's own JSON or Node's bare status line.
 */
export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  // A reset connection has no one left to answer (https://nodejs.org/api/http.html#event-clienterror).
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let msg = 'The request could not be read.';
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    msg = `The request URL and headers are too large (${Math.round(http.maxHeaderSize / 1024)} KB at most).`;
  } else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    msg = 'The request took too long to arrive.';
  }
  const body = JSON.stringify({ code: Code.BAD_REQUEST, msg, data: null });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
