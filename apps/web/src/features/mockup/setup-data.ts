import { MaterialTypeSchema, MockupCategoryNameSchema, type CompositeMaterial, type MockupTemplateInfo } from '@packsmith/contracts';
import { DEFAULT_PLACEMENT, clampPlacement, type MockupEdit } from './placement';
import type { DesignChoice, DesignSource, SetupData } from './studio-types';

export type { SetupData } from './studio-types';

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

/** The setup on screen now: the template, design, placement and material (null without a template or design). */
export function currentSetup(s: { template: MockupTemplateInfo | null; design: DesignChoice | null; edit: MockupEdit }): SetupData | null {
  if (!s.template || !s.design) return null;
  return {
    template_id: s.template.id,
    category: s.template.category,
    design_url: s.design.url,
    design_source: s.design.source,
    design_label: s.design.label,
    placement: s.edit.placement,
    material: s.edit.material,
  };
}
