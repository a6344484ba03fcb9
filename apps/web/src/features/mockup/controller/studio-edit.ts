import type { MaterialType, MockupTemplateInfo } from '@packsmith/contracts';
import { templateConfig, type StudioStoreApi } from '../mockup-studio.store';
import { DEFAULT_EDIT, clampPlacement, editStepOf, sameEdit, type MockupEdit, type Placement } from '../placement';

/**
 * The placement and the print material, with undo and redo through SPEC §3 mockupConfig.undoList and
 * redoList: each finished change (a drag let go, a slider released, a key pressed, a material chosen)
 * is one step holding the edit before and after it. Gestures in flight stay in the component.
 */
export interface StudioEdit {
  /** The template shown (its fields go into mockupConfig; another template starts a fresh placement). */
  chooseTemplate(info: MockupTemplateInfo): void;
  commitPlacement(placement: Placement, label?: string): void;
  /** The placement in flight (a drag, a slider held), for the live preview; null when it ends. */
  previewPlacement(placement: Placement | null): void;
  setMaterial(material: MaterialType | null): void;
  undo(): void;
  redo(): void;
  /** SPEC §4 reset: mockupConfig back to its defaults (history too), the placement and material too. */
  resetEdit(): void;
}

export function createStudioEdit(store: StudioStoreApi): StudioEdit {
  const studio = () => store.getState();

  function commit(next: MockupEdit, label: string): void {
    const before = studio().edit;
    if (sameEdit(before, next)) return;
    studio().pushUndo({ label, snapshot: { before, after: next } });
    studio().patch({ edit: next });
  }

  return {
    chooseTemplate: (info) => studio().setTemplate(info),
    commitPlacement(placement, label = 'Move the design') {
      commit({ ...studio().edit, placement: clampPlacement(placement) }, label);
    },
    previewPlacement(placement) {
      if (studio().livePlacement !== placement) studio().patch({ livePlacement: placement });
    },
    setMaterial(material) {
      commit({ ...studio().edit, material }, 'Change the material');
    },
    undo() {
      // Steps of other tools in the shared list are passed over (they have their own snapshots).
      for (let entry = studio().undo(); entry; entry = studio().undo()) {
        const step = editStepOf(entry.snapshot);
        if (step) {
          studio().patch({ edit: step.before });
          return;
        }
      }
    },
    redo() {
      for (let entry = studio().redo(); entry; entry = studio().redo()) {
        const step = editStepOf(entry.snapshot);
        if (step) {
          studio().patch({ edit: step.after });
          return;
        }
      }
    },
    resetEdit() {
      const s = studio();
      s.resetConfig();
      // The template stays chosen and a run in progress goes on: both go back into the fresh configuration.
      s.patchConfig({ ...(s.template ? templateConfig(s.template) : {}), isGenerate: s.resultRecordId !== null });
      studio().patch({ edit: DEFAULT_EDIT });
    },
  };
}
