import { create } from 'zustand';

/** Screens shown or hidden by flags (SPEC §2). */
export const UI_FLAGS = ['loginModal', 'payModal', 'chatDrawer', 'imageSwiper', 'aiEditorPreview', 'mobileMenu', 'headerMenu', 'mockupUpload'] as const;
export type UiFlag = (typeof UI_FLAGS)[number];

export type ToastTone = 'info' | 'success' | 'error';
export interface Toast {
  id: number;
  text: string;
  tone: ToastTone;
}

/** How long a toast stays; long enough to read two lines. */
export const TOAST_MS = 5000;
/** SPEC §8: the pay modal follows a limit message after this delay. */
export const PAY_MODAL_DELAY_MS = 500;

type Flags = Record<UiFlag, boolean>;

export interface UiState extends Flags {
  toasts: Toast[];
  open(flag: UiFlag): void;
  close(flag: UiFlag): void;
  toggle(flag: UiFlag): void;
  /** Shows a message; identical messages already on screen are not stacked. */
  showMessage(text: string, tone?: ToastTone): void;
  dismissToast(id: number): void;
  reset(): void;
}

const closedFlags = (): Flags => Object.fromEntries(UI_FLAGS.map((f) => [f, false])) as Flags;
let nextToastId = 1;

export const useUiStore = create<UiState>()((set, get) => ({
  ...closedFlags(),
  toasts: [],
  open: (flag) => set({ [flag]: true } as Partial<Flags>),
  close: (flag) => set({ [flag]: false } as Partial<Flags>),
  toggle: (flag) => set({ [flag]: !get()[flag] } as Partial<Flags>),
  showMessage(text, tone = 'error') {
    if (get().toasts.some((t) => t.text === text)) return;
    const id = nextToastId++;
    set({ toasts: [...get().toasts, { id, text, tone }] });
    setTimeout(() => get().dismissToast(id), TOAST_MS);
  },
  dismissToast(id) {
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
  reset() {
    set({ ...closedFlags(), toasts: [] });
  },
}));
