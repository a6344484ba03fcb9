/**
 * A design of the design chat as an editor document with its real layers (Node only: it re-runs
 * the design engine, which reads font and icon files and measures contrast with resvg).
 *
 * What the server stores for a design (project.data.designs_meta: packshot, front PNG, the print
 * SVG with its type outlined, the face atlas, layout id, six palette colours, the brief and the
 * request's seed) cannot be taken apart into editable text: the print file's words are paths. So
 * the document is rebuilt from the engine's own deterministic layout: the brief plus the design's
 * own seed re-create its plan (`planDesign(brief, seed)`, see pipeline/plan-set.ts), and each
 * panel's artwork is laid out again and parsed into layers. Missing from the stored meta today,
 * and needed for an exact rebuild: the design's own seed (meta.seed is the request's; design i of
 * a set was planned from hash32(`${seed}/${i}/${k}`)) and the plan as rendered (the colour-share
 * loop may change the palette or layout after planning). The caller passes both when it has them.
 */
import type { EditorDocument, EditorLayer } from '@packsmith/contracts';
import { artwork, pipeline } from '@packsmith/design-engine';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { newDocument } from '../dieline.js';
import { sheetToPanel } from '../geometry.js';
import { parsePanelArt, type ParseHelpers } from './parse-panel.js';

export { parsePanelArt, children, layerGroup, type ParseHelpers, type PanelArtInput } from './parse-panel.js';

export interface DesignSource {
  brief: {
    product: string;
    brand: string;
    /** Catalogue box id; 0 = the engine's default box. */
    boxId: number;
    element?: readonly string[];
    style?: readonly string[];
    color?: readonly string[];
    logo?: artwork.LogoData;
  };
  /** The design's own seed (RenderedDesign.seed). */
  seed: number;
  /** The plan as rendered (DesignOutput.plan); re-planned from brief + seed when absent. */
  plan?: artwork.DesignPlan;
}

export interface DesignDocument {
  document: EditorDocument;
  /** Artwork pieces (engine art keys) the engine bends onto a fan (a cup's wall): not laid out as layers yet. */
  notLaidOut: string[];
}

const require = createRequire(import.meta.url);
const ICON_DIR = join(dirname(require.resolve('lucide-static/package.json')), 'icons');

function iconBody(name: string): string | null {
  try {
    const svg = readFileSync(join(ICON_DIR, `${name}.svg`), 'utf8');
    const inner = /<svg[^>]*>([\s\S]*?)<\/svg>/.exec(svg)?.[1] ?? '';
    // The same normalisation as the engine's icons.ts, so bodies compare as strings.
    return inner
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/\s*\n\s*/g, '')
      .trim();
  } catch {
    return null;
  }
}

const PACKAGE_OF = new Map<string, artwork.FontPackage>(artwork.FONT_PACKAGES.map((p) => [artwork.fontFace(p).family, p]));

function helpersFor(plan: artwork.DesignPlan): ParseHelpers {
  const bodies = new Map<string, string>();
  for (const name of plan.icons) {
    const body = iconBody(name);
    if (body) bodies.set(body, name);
  }
  return {
    measure(text, family, weight, italic, sizeMm, trackingMm) {
      const pkg = PACKAGE_OF.get(family);
      if (!pkg) return text.length * sizeMm * 0.5;
      let face: artwork.FontFace;
      try {
        face = artwork.fontFace(pkg, weight, italic);
      } catch {
        face = artwork.fontFace(pkg);
      }
      const m = face.metrics;
      const scale = sizeMm / m.unitsPerEm;
      const chars = Array.from(text);
      return chars.reduce((s, ch) => s + m.advance(m.glyphId(ch.codePointAt(0) ?? 32)) * scale, 0) + Math.max(0, chars.length - 1) * trackingMm;
    },
    iconName: (body) => bodies.get(body) ?? null,
  };
}

/** The corner of a sheet rect where upright artwork turned by `rotation` has its top-left. */
function artOrigin(rect: { x: number; y: number; width: number; height: number }, rotation: number) {
  switch (rotation) {
    case 90:
      return { x: rect.x + rect.width, y: rect.y };
    case 180:
      return { x: rect.x + rect.width, y: rect.y + rect.height };
    case 270:
      return { x: rect.x, y: rect.y + rect.height };
    default:
      return { x: rect.x, y: rect.y };
  }
}

const inside = (r: { x: number; y: number; width: number; height: number }, o: { x: number; y: number; width: number; height: number }) =>
  r.x >= o.x - 0.01 && r.y >= o.y - 0.01 && r.x + r.width <= o.x + o.width + 0.01 && r.y + r.height <= o.y + o.height + 0.01;

/** The editor document of a design: the box at its default size, every panel's artwork as layers. */
export function documentFromDesign(src: DesignSource): DesignDocument {
  const model = pipeline.boxModel(src.brief.boxId);
  const brief: artwork.BriefInput = {
    product: src.brief.product,
    brand: src.brief.brand,
    box: String(model.box.id),
    element: [...(src.brief.element ?? [])],
    style: [...(src.brief.style ?? [])],
    color: [...(src.brief.color ?? [])],
    ...(src.brief.logo ? { logo: src.brief.logo } : {}),
    seed: src.seed,
  };
  const plan = src.plan ?? artwork.planDesign(brief, src.seed);
  const helpers = helpersFor(plan);
  const base = newDocument(model.box.id);
  const layers = new Map<string, EditorLayer[]>(base.dieline.panels.map((p) => [p.id, []]));
  const arts = new Map<string, { svg: string; lineCounts: number[] }>();
  const notLaidOut: string[] = [];
  const ground = plan.palette.background;

  for (const region of model.regions) {
    if (region.kind !== 'rect') {
      if (!notLaidOut.includes(region.art.key)) notLaidOut.push(region.art.key);
      continue;
    }
    const panel = base.dieline.panels.find((p) => inside(region.rect, p.rect) && p.rotation === region.rotation);
    if (!panel) continue;
    let art = arts.get(region.art.key);
    if (!art) {
      const a = region.art;
      const rendered = artwork.renderPanelArt({
        brief,
        panel: { role: a.role, widthMm: a.widthMm, heightMm: a.heightMm, ...(a.strip ? { strip: a.strip } : {}) },
        seed: src.seed,
        plan,
      });
      art = { svg: rendered.svg, lineCounts: rendered.textZones.map((z) => z.lines.length) };
      arts.set(a.key, art);
    }
    const list = layers.get(panel.id)!;
    const origin = sheetToPanel(panel, artOrigin(region.rect, region.rotation));
    const parsed = parsePanelArt(
      {
        svg: art.svg,
        widthMm: region.art.widthMm,
        heightMm: region.art.heightMm,
        lineCounts: art.lineCounts,
        idPrefix: `${panel.id.replace(/[^A-Za-z0-9_-]/g, '-')}-${list.length + 1}-`,
      },
      helpers,
    );
    // A band's slice sits somewhere inside its panel: its layers move there (and a background only covers its slice when it is not the whole panel).
    const whole = Math.abs(region.rect.width - panel.rect.width) < 0.01 && Math.abs(region.rect.height - panel.rect.height) < 0.01;
    for (const l of parsed) {
      const moved = { ...l, x: l.x + origin.x, y: l.y + origin.y };
      if (l.kind === 'background' && !whole) {
        list.push({
          id: l.id,
          name: l.name,
          kind: 'shape',
          shape: 'rect',
          x: moved.x,
          y: moved.y,
          w: l.w,
          h: l.h,
          rotation: 0,
          opacity: 1,
          locked: false,
          hidden: false,
          fill: l.fill.type === 'colour' ? l.fill.colour : ground,
          stroke: null,
          corner_radius_mm: 0,
        });
      } else list.push(moved);
    }
  }
  // Panels no artwork reaches (flaps, tucks, seals) print in the design's ground colour, as the engine's print file does.
  for (const p of base.dieline.panels) {
    const list = layers.get(p.id)!;
    const hasGround = list.some((l) => l.kind === 'background');
    if (!hasGround)
      list.unshift({
        id: `${p.id.replace(/[^A-Za-z0-9_-]/g, '-')}-ground`,
        name: 'Background',
        kind: 'background',
        x: 0,
        y: 0,
        w: p.width,
        h: p.height,
        rotation: 0,
        opacity: 1,
        locked: false,
        hidden: false,
        fill: { type: 'colour', colour: ground },
      });
  }
  return { document: { ...base, panels: base.panels.map((p) => ({ panel_id: p.panel_id, layers: layers.get(p.panel_id) ?? [] })) }, notLaidOut };
}
