import { BOX_TYPES, type BoxTypeDef } from '@packsmith/contracts';
import { newDocument } from '@packsmith/editor';

/** A box type the editor can lay out flat, with its default inside dimensions by parameter name. */
export interface EditableBox {
  box: BoxTypeDef;
  dimensions: Record<string, number>;
}

let cached: EditableBox[] | null = null;

/**
 * The catalogue's boxes that have a flat dieline the editor can open (folding cartons, rigid and
 * corrugated boxes, sleeves…), found by building each one's blank document once.
 */
export function editableBoxes(): EditableBox[] {
  if (cached) return cached;
  const out: EditableBox[] = [];
  for (const box of BOX_TYPES as readonly BoxTypeDef[]) {
    try {
      const doc = newDocument(box.id);
      out.push({ box, dimensions: { ...doc.dimensions } });
    } catch {
      // Bottles, cans and other bodies without a flat sheet are not edited here.
    }
  }
  cached = out;
  return out;
}

/** Words for a dimension's parameter name. */
export function dimensionLabel(name: string): string {
  const spaced = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
