import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { NutritionStore, NutritionStoreApi } from './nutrition.store';

/** A field error shown on the input it names (dotted path of the call's input, see errorTarget). */
export interface FieldError {
  field: string;
  message: string;
}

interface NutritionContextValue {
  store: NutritionStoreApi;
  fieldError: FieldError | null;
}

export const NutritionContext = createContext<NutritionContextValue | null>(null);

function useNutritionContext(): NutritionContextValue {
  const value = useContext(NutritionContext);
  if (!value) throw new Error('useNutrition outside the nutrition screen');
  return value;
}

export function useNutrition<T>(selector: (s: NutritionStore) => T): T {
  return useStore(useNutritionContext().store, selector);
}

export function useNutritionStoreApi(): NutritionStoreApi {
  return useNutritionContext().store;
}

/** The error message for the input that shows `target`, if the current error lands there. */
export function useFieldError(target: string): string | null {
  const { fieldError } = useNutritionContext();
  return fieldError?.field === target ? fieldError.message : null;
}

/** The field error on screen, whichever input it names. */
export function useCurrentFieldError(): FieldError | null {
  return useNutritionContext().fieldError;
}
