/** Catalogue slugs as words a person reads, and small English helpers for the replies. */
import { COLOUR_TAGS, KEYWORD_TAGS, STYLE_TAGS, boxBySlug, type DesignBrief } from '@packsmith/contracts';

const styleNames = new Map<string, string>(STYLE_TAGS.map((s) => [s.slug, s.name]));
const colourNames = new Map<string, string>(COLOUR_TAGS.map((c) => [c.slug, c.name]));
const keywordNames = new Map<string, string>(KEYWORD_TAGS.map((k) => [k.slug, k.name]));

export const styleName = (slug: string): string => (styleNames.get(slug) ?? slug).toLowerCase();
export const colourName = (slug: string): string => (colourNames.get(slug) ?? slug).toLowerCase();
export const elementName = (slug: string): string => (keywordNames.get(slug) ?? slug.replace(/-/g, ' ')).toLowerCase();
/** "Mailer Box (FEFCO 0427)" reads as "mailer box" in a sentence. */
export const boxName = (slug: string): string => (boxBySlug(slug)?.name ?? slug).replace(/\s*\(.*\)$/, '').toLowerCase();

/** "a", "a and b", "a, b and c". */
export function listOf(items: readonly string[], last = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;
}

/** "Nova cold brew coffee" (the brand is left out until it is known). */
export function productLabel(brief: Pick<DesignBrief, 'brand' | 'product'>): string {
  return [brief.brand, brief.product].filter((s) => s.trim() !== '').join(' ');
}

/** One line describing the brief: "Nova cold brew coffee — beverage can, minimalist style, navy and cream, with leaves". */
export function describeBrief(brief: DesignBrief): string {
  const parts: string[] = [];
  if (brief.box[0]) parts.push(boxName(brief.box[0]));
  if (brief.style.length > 0) parts.push(`${listOf(brief.style.map(styleName))} style`);
  if (brief.color.length > 0) parts.push(listOf(brief.color.map(colourName)));
  if (brief.element.length > 0) parts.push(`with ${listOf(brief.element.map(elementName))}`);
  if (brief.logo) parts.push('your logo');
  const head = productLabel(brief);
  return parts.length > 0 ? `${head} — ${parts.join(', ')}` : head;
}
