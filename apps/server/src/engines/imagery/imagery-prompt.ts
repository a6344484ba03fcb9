/**
 * Prompts for design imagery, built from the brief. The brand is deliberately left out, and every
 * prompt forbids text: names, claims and logos are typeset by the design engine, so an image
 * engine's misspelt lettering never reaches a pack.
 */
export type ImageryKind = 'background' | 'illustration';

export interface ImageryBrief {
  product: string;
  style: readonly string[];
  color: readonly string[];
  element: readonly string[];
}

export interface ImageryPrompt {
  prompt: string;
  negativePrompt: string;
}

/** What every imagery prompt forbids. */
export const NO_TEXT = 'no text, no letters, no words, no numbers, no logos, no labels, no watermark';
const NEGATIVE = 'text, letters, words, typography, numbers, logo, brand name, label, watermark, signature, packaging, box, bottle, mockup, frame, border';

const clean = (s: string) =>
  s
    .replace(/[\r\n]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
const list = (items: readonly string[], max = 4) => items.map(clean).filter(Boolean).slice(0, max);

function joined(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function imageryPrompt(kind: ImageryKind, brief: ImageryBrief): ImageryPrompt {
  const product = clean(brief.product) || 'a product';
  const elements = joined(list(brief.element));
  const colours = joined(list(brief.color));
  const styles = joined(list(brief.style, 3));
  const parts =
    kind === 'background'
      ? [
          `Full-bleed background image for the packaging of ${product}`,
          elements ? `showing ${elements}` : 'an evocative scene or texture that suits the product',
          colours ? `in ${colours} tones` : '',
          styles ? `${styles} mood` : '',
          'soft, even detail with calm areas, photographic quality, no product shown, edge to edge',
        ]
      : [
          `Illustration of ${elements || product} for the packaging of ${product}`,
          styles ? `${styles} style` : 'clean modern style',
          colours ? `${colours} palette` : '',
          'a single centred subject on a plain background, crisp shapes',
        ];
  return { prompt: `${parts.filter(Boolean).join(', ')}; ${NO_TEXT}.`, negativePrompt: NEGATIVE };
}
