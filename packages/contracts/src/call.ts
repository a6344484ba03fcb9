import type { z } from 'zod';
import { rejectUnsafeText } from './input-safety.js';

/** Who may make a call: anyone; any session (guest or user, no token → 401); a registered user (guest → 401). */
export type CallAuth = 'public' | 'session' | 'user';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One API call of the spec: method, path, input and success data, shared by server (routing,
 * validation, OpenAPI) and web (typed client). GET input travels as the query string, others as JSON body.
 */
export interface CallDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  path: string;
  auth: CallAuth;
  summary: string;
  input: I;
  data: O;
}

/**
 * Every call's input also refuses strings (and object keys, free-form JSON included) that PostgreSQL
 * cannot store: NUL characters and unpaired surrogates answer code 400 naming the field, here once
 * rather than per field, so no call can forget it.
 */
export function defineCall<I extends z.ZodType, O extends z.ZodType>(def: CallDef<I, O>): CallDef<I, O> {
  return { ...def, input: def.input.superRefine(rejectUnsafeText) };
}

export type CallInput<C> = C extends CallDef<infer I, z.ZodType> ? z.input<I> : never;
export type CallParsedInput<C> = C extends CallDef<infer I, z.ZodType> ? z.output<I> : never;
export type CallData<C> = C extends CallDef<z.ZodType, infer O> ? z.output<O> : never;
