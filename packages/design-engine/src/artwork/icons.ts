/**
 * Illustrative elements from lucide-static (ISC): line icons on a 24×24 grid, recoloured
 * and placed as marks, badges and repeat patterns. Keywords from the brief's elements (and
 * the product) resolve to icon names through a hand-made map, then lucide's own tags.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { num } from './svg.js';

const require = createRequire(import.meta.url);
const LUCIDE_ROOT = dirname(require.resolve('lucide-static/package.json'));
const ICON_DIR = join(LUCIDE_ROOT, 'icons');

const KEYWORD_ICONS: Readonly<Record<string, readonly string[]>> = {
  leaf: ['leaf', 'sprout', 'leafy-green'],
  leaves: ['leaf', 'sprout', 'leafy-green'],
  plant: ['sprout', 'leaf'],
  herb: ['sprout', 'leaf'],
  coffee: ['coffee', 'bean'],
  bean: ['bean'],
  beans: ['bean', 'coffee'],
  tea: ['leaf', 'sprout'],
  fruit: ['apple', 'cherry', 'citrus', 'grape'],
  fruits: ['apple', 'cherry', 'citrus', 'grape'],
  apple: ['apple'],
  cherry: ['cherry'],
  citrus: ['citrus'],
  lemon: ['citrus'],
  orange: ['citrus'],
  grape: ['grape'],
  grapes: ['grape'],
  banana: ['banana'],
  berry: ['cherry', 'grape'],
  star: ['star', 'sparkles'],
  stars: ['star', 'sparkles', 'sparkle'],
  sparkle: ['sparkles', 'sparkle'],
  sparkles: ['sparkles', 'sparkle'],
  wave: ['waves'],
  waves: ['waves'],
  ocean: ['waves', 'shell', 'fish'],
  sea: ['waves', 'shell', 'fish'],
  water: ['droplets', 'waves'],
  mountain: ['mountain', 'mountain-snow'],
  mountains: ['mountain', 'mountain-snow'],
  flower: ['flower', 'flower-2', 'rose'],
  flowers: ['flower', 'flower-2', 'rose'],
  floral: ['flower', 'flower-2', 'rose'],
  rose: ['rose'],
  heart: ['heart'],
  hearts: ['heart'],
  love: ['heart'],
  sun: ['sun', 'sunrise'],
  sunshine: ['sun'],
  moon: ['moon', 'moon-star'],
  night: ['moon', 'moon-star', 'star'],
  cloud: ['cloud'],
  clouds: ['cloud'],
  bird: ['bird', 'feather'],
  birds: ['bird', 'feather'],
  feather: ['feather'],
  fish: ['fish'],
  shell: ['shell'],
  snow: ['snowflake'],
  snowflake: ['snowflake'],
  winter: ['snowflake', 'tree-pine'],
  tree: ['tree-deciduous', 'tree-pine', 'trees'],
  trees: ['trees', 'tree-pine'],
  forest: ['trees', 'tree-pine'],
  pine: ['tree-pine'],
  palm: ['tree-palm'],
  tropical: ['tree-palm', 'citrus', 'sun'],
  crown: ['crown'],
  royal: ['crown', 'gem'],
  gem: ['gem'],
  diamond: ['gem'],
  honey: ['hexagon', 'flower'],
  hexagon: ['hexagon'],
  wheat: ['wheat'],
  grain: ['wheat'],
  flame: ['flame'],
  fire: ['flame'],
  spice: ['flame', 'leaf'],
  chocolate: ['candy', 'heart'],
  candy: ['candy', 'lollipop'],
  cookie: ['cookie'],
  cake: ['cake-slice', 'cake'],
  wine: ['wine', 'grape'],
  beer: ['beer', 'wheat'],
  paw: ['paw-print'],
  pet: ['paw-print', 'bone'],
  dog: ['dog', 'bone', 'paw-print'],
  cat: ['cat', 'paw-print'],
  baby: ['baby', 'star'],
  rocket: ['rocket', 'star'],
  space: ['rocket', 'orbit', 'star'],
  music: ['music-2'],
  smile: ['smile'],
  happy: ['smile', 'sun'],
  clover: ['clover'],
  lucky: ['clover', 'star'],
  zap: ['zap'],
  lightning: ['zap'],
  energy: ['zap'],
  drop: ['droplet'],
  droplet: ['droplet'],
  gift: ['gift'],
  milk: ['milk'],
  egg: ['egg'],
  carrot: ['carrot'],
  vegan: ['vegan', 'leaf'],
  atom: ['atom'],
  science: ['atom', 'orbit'],
};

let tagIndex: Map<string, string[]> | null = null;

function lucideTags(): Map<string, string[]> {
  if (tagIndex) return tagIndex;
  const raw: unknown = JSON.parse(readFileSync(join(LUCIDE_ROOT, 'tags.json'), 'utf8'));
  const index = new Map<string, string[]>();
  if (raw && typeof raw === 'object') {
    for (const [name, tags] of Object.entries(raw as Record<string, unknown>)) {
      if (!Array.isArray(tags)) continue;
      for (const t of tags) {
        if (typeof t !== 'string') continue;
        const key = t.toLowerCase();
        const list = index.get(key) ?? [];
        list.push(name);
        index.set(key, list);
      }
    }
  }
  tagIndex = index;
  return index;
}

export function iconExists(name: string): boolean {
  return /^[a-z0-9-]+$/.test(name) && existsSync(join(ICON_DIR, `${name}.svg`));
}

/**
 * Icon names for a brief keyword: the curated map first, then an icon of that exact name,
 * then icons lucide tags with the word (limited, sorted for determinism).
 */
export function iconsForKeyword(keyword: string): string[] {
  const k = keyword.trim().toLowerCase().replace(/\s+/g, '-');
  if (!k) return [];
  const curated = KEYWORD_ICONS[k] ?? KEYWORD_ICONS[k.replace(/s$/, '')];
  if (curated) return curated.filter(iconExists);
  if (iconExists(k)) return [k];
  const tagged = lucideTags().get(k.replace(/-/g, ' ')) ?? [];
  return [...tagged].sort().slice(0, 3).filter(iconExists);
}

const bodies = new Map<string, string>();

/** The inner SVG (paths, circles…) of a lucide icon on its 24×24 grid. */
export function iconBody(name: string): string {
  const cached = bodies.get(name);
  if (cached !== undefined) return cached;
  if (!iconExists(name)) throw new Error(`unknown icon ${name}`);
  const svg = readFileSync(join(ICON_DIR, `${name}.svg`), 'utf8');
  const inner = /<svg[^>]*>([\s\S]*?)<\/svg>/.exec(svg)?.[1] ?? '';
  const body = inner
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\s*\n\s*/g, '')
    .trim();
  bodies.set(name, body);
  return body;
}

export interface IconDraw {
  name: string;
  /** Centre, in mm. */
  cx: number;
  cy: number;
  /** Drawn size (the 24-unit grid scaled to this), in mm. */
  size: number;
  color: string;
  /** Stroke width in mm (the look of the line weight at this size). */
  strokeMm: number;
  rotate?: number;
  opacity?: number;
}

/** A recoloured, placed lucide icon as an SVG group. */
export function drawIcon(d: IconDraw): string {
  const s = d.size / 24;
  const rot = d.rotate ? ` rotate(${num(d.rotate)} 12 12)` : '';
  const op = d.opacity !== undefined && d.opacity < 1 ? ` opacity="${num(d.opacity)}"` : '';
  return `<g transform="translate(${num(d.cx - d.size / 2)} ${num(d.cy - d.size / 2)}) scale(${num(s, 4)})${rot}" fill="none" stroke="${d.color}" stroke-width="${num(d.strokeMm / s, 3)}" stroke-linecap="round" stroke-linejoin="round"${op}>${iconBody(d.name)}</g>`;
}
