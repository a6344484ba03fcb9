/**
 * Generate means generate: when the user presses Generate with a brief that still lacks
 * its brand or its product, the designs are made with what is known and the reply says what was
 * assumed. The stored brief keeps its gaps — only the designs carry the assumption — so the next
 * answer ("Ember") still fills the brand.
 */
import { KEYWORD_TAGS, boxById, type DesignBrief } from '@packsmith/contracts';
import { PRODUCT_PROFILES, isKnownProduct } from './profiles.js';
import { boxName } from './wording.js';

/** Printed where the brand goes until the user names one: plainly a placeholder, never a made-up name. */
export const BRAND_PLACEHOLDER = 'Your Brand';

export interface Assumption {
  /** The brief to design from: the stored one with the gaps filled. */
  brief: DesignBrief;
  brand: string | null;
  product: string | null;
}

/** The product a pack suggests: the kind of product whose first pack it is ("dropper bottle" → serum). */
function productOfPack(slug: string | undefined): string | null {
  if (!slug) return null;
  const first = PRODUCT_PROFILES.find((p) => p.boxes[0] === slug) ?? PRODUCT_PROFILES.find((p) => (p.boxes as readonly string[]).includes(slug));
  return first?.terms[0] ?? null;
}

/** The product the design elements suggest ("coffee beans" → coffee beans). */
function productOfElements(elements: readonly string[]): string | null {
  for (const slug of elements) {
    const name = KEYWORD_TAGS.find((k) => k.slug === slug)?.name;
    if (name && isKnownProduct(name)) return name.toLowerCase();
  }
  return null;
}

/** Fills a missing product (from the pack, then the elements) and a missing brand (the placeholder). */
export function assumeMissingNames(brief: DesignBrief): Assumption {
  let product: string | null = null;
  let brand: string | null = null;
  if (!brief.product.trim()) {
    const box = brief.box[0] ?? boxById(brief.box_id)?.slug;
    product = productOfElements(brief.element) ?? productOfPack(box) ?? (box ? boxName(box) : 'product');
  }
  if (!brief.brand.trim()) brand = BRAND_PLACEHOLDER;
  return { brief: { ...brief, product: product ?? brief.product, brand: brand ?? brief.brand }, brand, product };
}

/** The sentence that says what was assumed and how to change it; '' when nothing was. */
export function assumptionNote(a: Pick<Assumption, 'brand' | 'product'>): string {
  const parts: string[] = [];
  if (a.product) parts.push(`I designed for “${a.product}”, since the product wasn't named`);
  if (a.brand) parts.push(`“${a.brand}” stands where your brand name goes`);
  if (parts.length === 0) return '';
  const fix = a.brand && a.product ? 'Tell me the product and brand name' : a.brand ? 'Tell me your brand name' : 'Tell me the product';
  return `${parts.join(', and ')}. ${fix} (e.g. “the brand is Ember”) and press Generate again to update the designs.`;
}
