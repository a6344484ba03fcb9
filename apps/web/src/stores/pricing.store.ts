import { create } from 'zustand';

/** One answer of the quotation tool (SPEC §3 pricing tool selections). */
export interface PricingSelection {
  title: string;
  name: string;
  value: string;
}

export const PRODUCT_SELECTION_TITLE = 'Product';

/** Keeps the 'Product' entry first, whatever order the selections arrive in. */
export function orderSelections(items: readonly PricingSelection[]): PricingSelection[] {
  const product = items.filter((i) => i.title === PRODUCT_SELECTION_TITLE);
  const rest = items.filter((i) => i.title !== PRODUCT_SELECTION_TITLE);
  return [...product.slice(0, 1), ...rest];
}

export interface PricingStore {
  selections: PricingSelection[];
  /** Sets or replaces the answer with this title. */
  select(item: PricingSelection): void;
  remove(title: string): void;
  reset(): void;
}

export const usePricingStore = create<PricingStore>()((set, get) => ({
  selections: [],
  select(item) {
    const others = get().selections.filter((s) => s.title !== item.title);
    set({ selections: orderSelections([...others, item]) });
  },
  remove: (title) => set({ selections: get().selections.filter((s) => s.title !== title) }),
  reset: () => set({ selections: [] }),
}));
