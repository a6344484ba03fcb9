import { mockupCalls, type CompositeMaterial } from '@packsmith/contracts';
import { apiCall } from '../../../api/client';
import { templateConfig, type StudioStoreApi } from '../mockup-studio.store';
import { currentSetup, designOfSetup, readSetup, setupDataOf, type SetupData } from '../setup-data';

export interface StudioSetups {
  /** "Save this setup": the result as preview, and the template, design, placement and material that made it as data. */
  saveSetup(previewUrl: string): Promise<CompositeMaterial | null>;
  /**
   * Reopens a saved setup: its design, placement and material are set at once (the undo history starts
   * afresh) and its template is named for the screen to open. Null when it is not a studio setup.
   */
  restoreSetup(saved: Pick<CompositeMaterial, 'data'>): SetupData | null;
}

export function createStudioSetups(store: StudioStoreApi): StudioSetups {
  const studio = () => store.getState();
  return {
    async saveSetup(previewUrl) {
      const s = studio();
      // The setup that made this result when it was made here; else what is on screen now.
      const setup = s.resultSetups[previewUrl] ?? currentSetup(s);
      if (!setup) return null;
      const data = setupDataOf(setup);
      try {
        return await apiCall(mockupCalls.addComposite, { preview_url: previewUrl, data });
      } catch {
        return null;
      }
    },
    restoreSetup(saved) {
      const setup = readSetup(saved);
      if (!setup) return null;
      const s = studio();
      s.setDesign(designOfSetup(setup));
      // The template is named now, so opening it keeps this placement instead of starting afresh.
      const keepTemplate = s.template?.id === setup.template_id ? templateConfig(s.template) : { mockup_template_id: setup.template_id };
      s.patchConfig({ ...keepTemplate, undoList: [], redoList: [] });
      studio().patch({
        edit: { placement: setup.placement, material: setup.material },
        // Another template than the one shown: nothing is generated on the old one meanwhile.
        ...(s.template && s.template.id !== setup.template_id ? { template: null } : {}),
      });
      return setup;
    },
  };
}
