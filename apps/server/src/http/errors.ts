import { Code, Msg } from '@packsmith/contracts';

/** A business error: answered as HTTP 200 with the spec's code and a message a person can act on. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** HTTP headers for the answer (e.g. Retry-After); the status stays 200. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (msg: string) => new AppError(Code.BAD_REQUEST, msg);
export const unauthorized = (msg: string = Msg.signInRequired) => new AppError(Code.UNAUTHORIZED, msg);
export const tokenInvalid = (msg: string = Msg.tokenInvalid) => new AppError(Code.TOKEN_INVALID, msg);
export const forbidden = (msg: string = Msg.forbidden) => new AppError(Code.FORBIDDEN, msg);
export const notFound = (msg: string = Msg.notFound) => new AppError(Code.NOT_FOUND, msg);
export const limitReached = (msg: string = Msg.notEnoughCredits) => new AppError(Code.LIMIT_REACHED, msg);
/** Throttled by a rate limit (docs/SECURITY.md); `msg` says how long to wait, and so does Retry-After when given (seconds). */
export const tooManyRequests = (msg: string, retryAfterSeconds?: number) =>
  new AppError(Code.TOO_MANY_REQUESTS, msg, retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) });
