import { WAITING_MESSAGE_AFTER_MS } from '@packsmith/contracts';

/** SPEC §4 Waiting / §8: the two assistant messages shown, alternately, while an answer is slow. */
export const WAITING_MESSAGES = ["You're in the queue — your designs are coming up.", "We're seeing high demand right now. Thanks for your patience."] as const;

/**
 * Which waiting message shows `elapsedMs` after the request: none for the first 20 s, then the queue
 * message, switching every 20 s.
 */
export function waitingMessageAt(elapsedMs: number): string | null {
  if (elapsedMs < WAITING_MESSAGE_AFTER_MS) return null;
  const step = Math.floor((elapsedMs - WAITING_MESSAGE_AFTER_MS) / WAITING_MESSAGE_AFTER_MS);
  return WAITING_MESSAGES[step % 2] ?? null;
}

/** Milliseconds until the waiting message next changes (first appearance included). */
export function nextWaitingChangeIn(elapsedMs: number): number {
  if (elapsedMs < WAITING_MESSAGE_AFTER_MS) return WAITING_MESSAGE_AFTER_MS - elapsedMs;
  return WAITING_MESSAGE_AFTER_MS - ((elapsedMs - WAITING_MESSAGE_AFTER_MS) % WAITING_MESSAGE_AFTER_MS);
}
