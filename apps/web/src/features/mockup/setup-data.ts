import { MaterialTypeSchema, MockupCategoryNameSchema, type CompositeMaterial, type MaterialType, type MockupCategoryName } from '@packsmith/contracts';
import type { DesignChoice, DesignSource } from './mockup-studio.store';
import { DEFAULT_PLACEMENT, clampPlacement, type Placement } from './placement';

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

export function setupDataOf(values: SetupData): Record<string, unknown> {
  return { ...values, placement: { ...values.placement } };
}

const SOURCES: readonly DesignSource[] = ['design', 'material', 'upload', 'link'];

/** A saved composition read back; null when it was not saved by the studio (or is damaged). */
export function readSetup(c: Pick<CompositeMaterial, 'data'>): SetupData | null {
  const d = c.data;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const templateId = str(d.template_id);
  const designUrl = str(d.design_url);
  if (!templateId || !designUrl) return null;
  const p = typeof d.placement === 'object' && d.placement !== null ? (d.placement as Record<string, unknown>) : {};
  const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
  const material = MaterialTypeSchema.safeParse(d.material);
  const category = MockupCategoryNameSchema.safeParse(d.category);
  const source = SOURCES.find((s) => s === d.design_source) ?? 'material';
  return {
    template_id: templateId,
    category: category.success ? category.data : null,
    design_url: designUrl,
    design_source: source,
    design_label: str(d.design_label) || 'Saved design',
    placement: clampPlacement({
      scale: num(p.scale, DEFAULT_PLACEMENT.scale),
      offset_x: num(p.offset_x, 0),
      offset_y: num(p.offset_y, 0),
      rotation: num(p.rotation, 0),
    }),
    material: material.success ? material.data : null,
  };
}

export function designOfSetup(s: SetupData): DesignChoice {
  return { url: s.design_url, source: s.design_source, label: s.design_label };
}
