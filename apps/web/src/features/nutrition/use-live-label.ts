import { useEffect, useRef, useState } from 'react';
import type { NutritionComputed, NutritionLabelInput } from '@packsmith/contracts';
import { ApiError } from '../../api/error-catalogue';
import { computeLabel } from './nutrition-api';
import { errorField } from './nutrition-form';

/** Typing pauses this long before the label is computed again. */
export const COMPUTE_DEBOUNCE_MS = 150;

export interface LiveLabel {
  /** The last label computed without error: it stays on screen while a newer one computes or fails. */
  label: NutritionComputed | null;
  pending: boolean;
  /** The newest input's failure: a 400 naming a field, or any other message. */
  error: { field: string | null; message: string } | null;
}

/**
 * The label for `input`, computed by the server ~150 ms after the last change; a newer input aborts the
 * request still running for an older one, so answers never arrive out of order.
 */
export function useLiveLabel(input: NutritionLabelInput): LiveLabel {
  const key = JSON.stringify(input);
  const [state, setState] = useState<LiveLabel>({ label: null, pending: true, error: null });
  const latest = useRef(input);
  latest.current = input;

  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, pending: true }));
    const timer = setTimeout(() => {
      computeLabel(latest.current, controller.signal).then(
        (label) => {
          if (!controller.signal.aborted) setState({ label, pending: false, error: null });
        },
        (e: unknown) => {
          if (controller.signal.aborted) return;
          const message = e instanceof ApiError ? e.message : 'The label could not be computed.';
          const field = e instanceof ApiError && e.code === 400 ? errorField(message) : null;
          setState((s) => ({ label: s.label, pending: false, error: { field, message } }));
        },
      );
    }, COMPUTE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);

  return state;
}
