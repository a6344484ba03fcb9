/* The icons the Add menu offers (lucide-static, as the design engine draws them): a packaging set. */
import apple from 'lucide-static/icons/apple.svg?raw';
import award from 'lucide-static/icons/award.svg?raw';
import candy from 'lucide-static/icons/candy.svg?raw';
import cherry from 'lucide-static/icons/cherry.svg?raw';
import coffee from 'lucide-static/icons/coffee.svg?raw';
import cookie from 'lucide-static/icons/cookie.svg?raw';
import droplet from 'lucide-static/icons/droplet.svg?raw';
import eggOff from 'lucide-static/icons/egg-off.svg?raw';
import fish from 'lucide-static/icons/fish.svg?raw';
import flame from 'lucide-static/icons/flame.svg?raw';
import gift from 'lucide-static/icons/gift.svg?raw';
import globe from 'lucide-static/icons/globe.svg?raw';
import heart from 'lucide-static/icons/heart.svg?raw';
import leaf from 'lucide-static/icons/leaf.svg?raw';
import milk from 'lucide-static/icons/milk.svg?raw';
import moon from 'lucide-static/icons/moon.svg?raw';
import mountain from 'lucide-static/icons/mountain.svg?raw';
import packageIcon from 'lucide-static/icons/package.svg?raw';
import recycle from 'lucide-static/icons/recycle.svg?raw';
import shieldCheck from 'lucide-static/icons/shield-check.svg?raw';
import snowflake from 'lucide-static/icons/snowflake.svg?raw';
import sparkles from 'lucide-static/icons/sparkles.svg?raw';
import sprout from 'lucide-static/icons/sprout.svg?raw';
import star from 'lucide-static/icons/star.svg?raw';
import sun from 'lucide-static/icons/sun.svg?raw';
import truck from 'lucide-static/icons/truck.svg?raw';
import vegan from 'lucide-static/icons/vegan.svg?raw';
import wheatOff from 'lucide-static/icons/wheat-off.svg?raw';
import wheat from 'lucide-static/icons/wheat.svg?raw';
import zap from 'lucide-static/icons/zap.svg?raw';

const RAW: Readonly<Record<string, string>> = {
  apple: apple,
  award: award,
  candy: candy,
  cherry: cherry,
  coffee: coffee,
  cookie: cookie,
  droplet: droplet,
  'egg-off': eggOff,
  fish: fish,
  flame: flame,
  gift: gift,
  globe: globe,
  heart: heart,
  leaf: leaf,
  milk: milk,
  moon: moon,
  mountain: mountain,
  package: packageIcon,
  recycle: recycle,
  'shield-check': shieldCheck,
  snowflake: snowflake,
  sparkles: sparkles,
  sprout: sprout,
  star: star,
  sun: sun,
  truck: truck,
  vegan: vegan,
  'wheat-off': wheatOff,
  wheat: wheat,
  zap: zap,
};

/** An icon file's inner markup, normalised like the engine's icons.ts (so layers compare as strings). */
export function iconBody(svg: string): string {
  const inner = /<svg[^>]*>([\s\S]*?)<\/svg>/.exec(svg)?.[1] ?? '';
  return inner
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\s*\n\s*/g, '')
    .trim();
}

export interface EditorIcon {
  id: string;
  label: string;
  body: string;
}

export const EDITOR_ICONS: readonly EditorIcon[] = Object.entries(RAW).map(([id, svg]) => ({
  id,
  label: id.replace(/-/g, ' '),
  body: iconBody(svg),
}));
