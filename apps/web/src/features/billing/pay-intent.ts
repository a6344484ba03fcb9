import { create } from 'zustand';
import type { PaidVipType } from '@packsmith/contracts';
import { useUiStore } from '../../stores/ui.store';

/** What the pay modal opens on: a new plan, or moving a paid pro plan to business (SPEC §4 Upgrade). */
export type PayMode = 'subscribe' | 'upgrade';

export interface PayIntent {
  /** The plan chosen before the modal opened; null lets the visitor pick one inside it. */
  plan: PaidVipType | null;
  mode: PayMode;
}

interface PayIntentState extends PayIntent {
  set(intent: PayIntent): void;
  reset(): void;
}

const EMPTY: PayIntent = { plan: null, mode: 'subscribe' };

/**
 * The pay modal's payload, kept beside the ui store's bare `payModal` flag: the flag is what SPEC §8
 * opens after a 450, and those openings carry no plan, so the modal must also work without one.
 */
export const usePayIntent = create<PayIntentState>()((set) => ({
  ...EMPTY,
  set: (intent) => set(intent),
  reset: () => set(EMPTY),
}));

/** Opens the pay modal, optionally on a chosen plan (pricing page buttons, billing page upgrade). */
export function openPayModal(intent: Partial<PayIntent> = {}): void {
  usePayIntent.getState().set({ ...EMPTY, ...intent });
  useUiStore.getState().open('payModal');
}

/** Closes the pay modal and forgets its plan, so the next 450 opens it plain. */
export function closePayModal(): void {
  useUiStore.getState().close('payModal');
  usePayIntent.getState().reset();
}
