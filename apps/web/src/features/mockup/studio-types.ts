import type { MaterialType, MockupCategoryName } from '@packsmith/contracts';
import type { Placement } from './placement';

/** Where the design on the template came from. */
export type DesignSource = 'design' | 'material' | 'upload' | 'link';

export interface DesignChoice {
  url: string;
  source: DesignSource;
  /** What to call it ("Leaf & Co, design 2", the file's name). */
  label: string;
}

/**
 * What "Save this setup" keeps in a saved composition's data (POST /api/composite/material): enough to
 * open the same template with the same design, placement and material again.
 */
export interface SetupData {
  template_id: string;
  category: MockupCategoryName | null;
  design_url: string;
  design_source: DesignSource;
  design_label: string;
  placement: Placement;
  material: MaterialType | null;
}
