import { z } from 'zod';

/**
 * Business codes carried in the `{code, msg, data}` envelope (ARCHITECTURE §4, SPEC §8).
 * HTTP stays 200 for all of them; only unknown routes (HTTP 404) and crashes (HTTP 500) change the status.
 */
export const Code = {
  OK: 0,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  TOKEN_INVALID: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  /** Too many attempts (sign-ins, guest sessions, code emails); msg says in words how long to wait. Not in the spec: docs/DECISIONS.md. */
  TOO_MANY_REQUESTS: 429,
  LIMIT_REACHED: 450,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

export const SUCCESS = 'SUCCESS';

/** User-facing messages that the spec spells out; server and web use these exact strings. */
export const Msg = {
  signInRequired: 'Please sign in to continue.',
  tokenInvalid: 'Your session has expired. Please sign in again.',
  forbidden: 'You do not have access to this.',
  notFound: 'Not found.',
  activateMembership: 'Please activate your membership.',
  upgradeBusiness: 'Please upgrade to a business membership.',
  notEnoughCredits: 'You have run out of credits. Upgrade your plan to keep creating.',
  uploadImageFile: 'Please upload an image file.',
  uploadMinSide: 'Please upload a high-resolution image, at least 1024 pixels.',
  imageLoadError: 'Image load error',
  internal: 'Something went wrong on our side. Please try again.',
  networkError: 'Error: Network Error',
  http500: 'Error: 500',
} as const;

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** The response schema for a call whose success data is `data`. Errors carry `data: null`. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data: z.union([data, z.null()]) });
}
