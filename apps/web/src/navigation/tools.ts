import { ROUTES, type RouteName } from '@packsmith/contracts';
import { routeHref } from './nav-rules';

export interface ToolLink {
  name: RouteName;
  label: string;
  blurb: string;
  href: string;
}

/** The tools of ROUTES, in the order the product introduces them. */
const ORDER: RouteName[] = ['designChat', 'photoshoot', 'aimockup', 'aiquotation', 'category', 'factories', 'editor', 'designRequirements', 'nutritionLabel'];

export const TOOLS: ToolLink[] = ROUTES.flatMap((r) =>
  'tool' in r ? [{ name: r.name, label: r.tool.label, blurb: r.tool.blurb, href: routeHref(r.name) }] : [],
).sort((a, b) => ORDER.indexOf(a.name) - ORDER.indexOf(b.name));
