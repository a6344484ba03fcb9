import { createStore, type StoreApi } from 'zustand';
import type { NutritionRegion } from '@packsmith/contracts';
import { emptyForm, formatFor, newRow, type IngredientRow, type NutritionForm, type NutritionMode } from './nutrition-form';

/** The generator's state: the form as typed, and the saved label it belongs to (if any). */
export interface NutritionStore {
  form: NutritionForm;
  /** The saved label's project, once saved or reopened. */
  projectId: string | null;
  name: string;
  setRegion(region: NutritionRegion): void;
  setFormat(format: string): void;
  setMode(mode: NutritionMode): void;
  setServing<K extends keyof NutritionForm['serving']>(key: K, value: NutritionForm['serving'][K]): void;
  setNutrient(key: string, value: string): void;
  setOption<K extends keyof NutritionForm['options']>(key: K, value: NutritionForm['options'][K]): void;
  setPanel(key: keyof NutritionForm['panel'], value: string): void;
  setYield(value: string): void;
  addIngredient(patch?: Partial<Omit<IngredientRow, 'key'>>): void;
  updateIngredient(key: string, patch: Partial<Omit<IngredientRow, 'key'>>): void;
  removeIngredient(key: string): void;
  setName(name: string): void;
  /** A saved label opened, or the one just saved. */
  loaded(projectId: string, name: string, form?: NutritionForm): void;
}

export type NutritionStoreApi = StoreApi<NutritionStore>;

export function createNutritionStore(initial: NutritionForm = emptyForm()): NutritionStoreApi {
  return createStore<NutritionStore>()((set, get) => {
    const patchForm = (patch: Partial<NutritionForm>) => set({ form: { ...get().form, ...patch } });
    return {
      form: initial,
      projectId: null,
      name: '',
      // Figures typed for one region stay when switching: the keys are the engine's, shared by every region.
      setRegion: (region) => patchForm({ region, format: formatFor(region, get().form.format) }),
      setFormat: (format) => patchForm({ format }),
      setMode: (mode) => patchForm({ mode }),
      setServing: (key, value) => patchForm({ serving: { ...get().form.serving, [key]: value } }),
      setNutrient: (key, value) => patchForm({ nutrients: { ...get().form.nutrients, [key]: value } }),
      setOption: (key, value) => patchForm({ options: { ...get().form.options, [key]: value } }),
      setPanel: (key, value) => patchForm({ panel: { ...get().form.panel, [key]: value } }),
      setYield: (yield_grams) => patchForm({ yield_grams }),
      addIngredient: (patch) => patchForm({ ingredients: [...get().form.ingredients, newRow(patch)] }),
      updateIngredient: (key, patch) => patchForm({ ingredients: get().form.ingredients.map((r) => (r.key === key ? { ...r, ...patch } : r)) }),
      removeIngredient: (key) => {
        const rest = get().form.ingredients.filter((r) => r.key !== key);
        // The recipe always shows one row to type in.
        patchForm({ ingredients: rest.length > 0 ? rest : [newRow()] });
      },
      setName: (name) => set({ name }),
      loaded: (projectId, name, form) => set({ projectId, name, ...(form ? { form } : {}) }),
    };
  });
}
