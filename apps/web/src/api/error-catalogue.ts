import { Code, GATE_MESSAGES, Msg } from '@packsmith/contracts';
import { useSessionStore } from '../stores/session.store';
import { PAY_MODAL_DELAY_MS, useUiStore } from '../stores/ui.store';

/** What went wrong with a call, before it is turned into what the visitor sees. */
export type ApiFailure = { kind: 'code'; code: number; msg: string } | { kind: 'http'; status: number } | { kind: 'network' };

export interface CatalogueHooks {
  /** In-app navigation (keeps ref/utm_source); set by the router at start-up. */
  navigate(to: string): void;
  /** The current location's path, for rules that depend on the screen. */
  pathname(): string;
  /** Gets a new guest session and loads its user (402 on user calls). */
  reacquireSession(): Promise<void>;
}

const hooks: CatalogueHooks = {
  navigate: (to) => window.location.assign(to),
  pathname: () => window.location.pathname,
  reacquireSession: async () => {},
};

export function configureCatalogue(next: Partial<CatalogueHooks>): void {
  Object.assign(hooks, next);
}

/** The error a failed call rejects with, after the catalogue has shown it. */
export class ApiError extends Error {
  constructor(
    readonly failure: ApiFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get code(): number {
    return this.failure.kind === 'code' ? this.failure.code : this.failure.kind === 'http' ? this.failure.status : 0;
  }
}

/** The text a failure shows (SPEC §8). */
export function failureMessage(failure: ApiFailure): string {
  if (failure.kind === 'code') return failure.msg;
  if (failure.kind === 'http' && failure.status === 500) return Msg.http500;
  if (failure.kind === 'http' && failure.status === 404) return Msg.notFound;
  return Msg.networkError;
}

/** Calls under /api/user/ are the "user calls" whose 402 re-acquires a guest session (SPEC §8). */
export function isUserCall(path: string): boolean {
  return /^\/?api\/user\//.test(path);
}

/** Server refusals that mean "a plan would allow this" (SPEC §6): the pay modal follows the message. */
const PLAN_REFUSALS = new Set<string>([GATE_MESSAGES.activate, GATE_MESSAGES.business]);

/**
 * SPEC §8 error catalogue, the one place where a failed call becomes what the visitor sees.
 * `path` is the call's path (for the 402 rule).
 */
export function handleEnvelopeError(failure: ApiFailure, path: string): void {
  const ui = useUiStore.getState();
  if (failure.kind === 'network') {
    ui.showMessage(Msg.networkError);
    return;
  }
  if (failure.kind === 'http') {
    if (failure.status === 404) hooks.navigate('/404');
    else ui.showMessage(failureMessage(failure));
    return;
  }
  switch (failure.code) {
    case Code.UNAUTHORIZED:
      ui.open('loginModal');
      return;
    case Code.TOKEN_INVALID: {
      useSessionStore.getState().clearTokens();
      ui.open('loginModal');
      if (isUserCall(path)) void hooks.reacquireSession();
      return;
    }
    case Code.FORBIDDEN: {
      ui.showMessage(failure.msg);
      if (useSessionStore.getState().tokenType !== 'user') {
        ui.open('loginModal');
        return;
      }
      // SPEC §6: a signed-in member refused for want of a (business) plan is offered one at once.
      if (PLAN_REFUSALS.has(failure.msg)) ui.open('payModal');
      if (hooks.pathname().startsWith('/design-chat')) hooks.navigate('/');
      return;
    }
    case Code.LIMIT_REACHED: {
      ui.showMessage(failure.msg);
      ui.close('chatDrawer');
      setTimeout(() => useUiStore.getState().open('payModal'), PAY_MODAL_DELAY_MS);
      return;
    }
    case Code.NOT_FOUND:
      hooks.navigate('/404');
      return;
    default:
      ui.showMessage(failure.msg);
  }
}
