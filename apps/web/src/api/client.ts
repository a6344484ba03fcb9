import { SUCCESS, type CallData, type CallDef, type CallInput } from '@packsmith/contracts';
import { ApiError, failureMessage, handleEnvelopeError, type ApiFailure } from './error-catalogue';
import { isEnvelope, sendRequest, type Transport } from './http';
import { ensureToken } from './session-token';

export interface CallOptions {
  /** Values for `:name` segments of the call's path. */
  params?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Background calls (page views) fail quietly: a visitor should not see a message, or be sent
   * to /404, because analytics could not be recorded.
   */
  silent?: boolean;
}

export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

type Outcome<T> = { ok: true; data: T } | { ok: false; failure: ApiFailure };

async function exchange<C extends CallDef>(call: C, input: CallInput<C>, options: CallOptions): Promise<Outcome<CallData<C>>> {
  const path = fillPath(call.path, options.params);
  const token = await ensureToken();
  const res: Transport = await sendRequest({
    method: call.method,
    path,
    input: input as Record<string, unknown>,
    token,
    signal: options.signal,
  });
  if (!res.ok) return { ok: false, failure: res.kind === 'http' ? { kind: 'http', status: res.status } : { kind: 'network' } };
  if (!isEnvelope(res.body)) return { ok: false, failure: { kind: 'network' } };
  const { code, msg, data } = res.body;
  if (code !== 0) return { ok: false, failure: { kind: 'code', code, msg } };
  if (msg !== SUCCESS) return { ok: false, failure: { kind: 'code', code: -1, msg } };
  return { ok: true, data: data as CallData<C> };
}

/**
 * The one API client (SPEC §7): typed by the contract's CallDef, Bearer token from storage, a guest
 * token fetched first when none is stored. Failures go through the SPEC §8 catalogue, then reject
 * with an ApiError so screens can show their own error state.
 */
export async function apiCall<C extends CallDef>(call: C, input: CallInput<C>, options: CallOptions = {}): Promise<CallData<C>> {
  const outcome = await exchange(call, input, options);
  if (outcome.ok) return outcome.data;
  const path = fillPath(call.path, options.params);
  // A call its caller abandoned (a query refetched or unmounted) has nobody to tell.
  if (!options.silent && !options.signal?.aborted) handleEnvelopeError(outcome.failure, path);
  throw new ApiError(outcome.failure, failureMessage(outcome.failure));
}

export type QuietResult<T> = { data: T; msg: string } | { data: null; msg: string };

/**
 * Sign-in and registration calls (SPEC §5, §8): data only when msg is SUCCESS, otherwise an empty
 * result carrying the server's message for the form to show. Nothing global happens.
 */
export async function quietCall<C extends CallDef>(call: C, input: CallInput<C>, options: CallOptions = {}): Promise<QuietResult<CallData<C>>> {
  const outcome = await exchange(call, input, options);
  if (outcome.ok) return { data: outcome.data, msg: '' };
  return { data: null, msg: failureMessage(outcome.failure) };
}
