/**
 * The flat sheet as render-svg's sheetSvg composes it: every panel turned into place, its
 * backgrounds first drawn into the bleed (under everything), then all its layers clipped exactly
 * to the panel, so neighbours meet at the fold. Plus the guides (cut, folds, bleed, safe zone).
 * Panels and layers are memoised by identity: a change to one layer redraws its panel's node
 * list only.
 */
import { memo, useMemo } from 'react';
import { Group, Line, Path, Rect } from 'react-konva';
import type Konva from 'konva';
import type { EditorDocument, EditorLayer, EditorPanel } from '@packsmith/contracts';
import { LayerNode } from './LayerNode';
import { bleedSegments } from './draw-math';

/** The Konva Group props that place a panel's upright coordinates on the sheet (geometry.panelTransform). */
export function panelPlacement(panel: EditorPanel): { x: number; y: number; rotation: number } {
  const { x, y } = panel.rect;
  switch (panel.rotation) {
    case 90:
      return { x: x + panel.height, y, rotation: 90 };
    case 180:
      return { x: x + panel.width, y: y + panel.height, rotation: 180 };
    case 270:
      return { x, y: y + panel.width, rotation: 270 };
    default:
      return { x, y, rotation: 0 };
  }
}

interface PanelArtProps {
  panel: EditorPanel;
  layers: readonly EditorLayer[];
  bleed: number;
  /** The text layer drawn by the in-place editor, if it is on this panel. */
  editingId: string | null;
  pass: 'bleed' | 'exact';
  raster: number;
}

/** The bleed box with the panel cut out (opposite windings: a hole under the nonzero rule). */
function ringPath(ctx: Konva.Context, outer: { x: number; y: number; w: number; h: number }, panel: EditorPanel): void {
  ctx.rect(outer.x, outer.y, outer.w, outer.h);
  ctx.moveTo(0, 0);
  ctx.lineTo(0, panel.height);
  ctx.lineTo(panel.width, panel.height);
  ctx.lineTo(panel.width, 0);
  ctx.closePath();
}

const PanelArt = memo(function PanelArt({ panel, layers, bleed, editingId, pass, raster }: PanelArtProps) {
  const bleedBox = useMemo(() => ({ x: -bleed, y: -bleed, w: panel.width + 2 * bleed, h: panel.height + 2 * bleed }), [panel, bleed]);
  // The bleed pass only shows in the ring between the cut and the bleed line (the exact pass
  // covers the panel): clipping it to that ring saves a panel-sized fill per panel per frame.
  const clip =
    pass === 'bleed'
      ? { clipFunc: (ctx: Konva.Context) => ringPath(ctx, bleedBox, panel) }
      : { clipX: 0, clipY: 0, clipWidth: panel.width, clipHeight: panel.height };
  const shown = pass === 'bleed' ? layers.filter((l) => l.kind === 'background') : layers;
  if (shown.length === 0 && pass === 'bleed') return null;
  // The white board shows only where no opaque background covers the panel.
  const covered = shown.some((l) => l.kind === 'background' && !l.hidden && l.opacity === 1 && l.fill.type !== 'image');
  return (
    <Group {...panelPlacement(panel)} {...clip} listening={false}>
      {pass === 'exact' && !covered && <Rect width={panel.width} height={panel.height} fill="#ffffff" listening={false} />}
      {shown.map((l) => (
        <LayerNode key={l.id} layer={l} bleedBox={bleedBox} concealed={l.id === editingId} raster={raster} />
      ))}
    </Group>
  );
});

/** Every panel's artwork: the bleed pass under the exact pass. */
export const SheetArt = memo(function SheetArt({ doc, editingId, raster }: { doc: EditorDocument; editingId: string | null; raster: number }) {
  const byId = new Map(doc.panels.map((p) => [p.panel_id, p.layers]));
  const panels = doc.dieline.panels;
  const bleed = doc.dieline.bleed_mm;
  const none: readonly EditorLayer[] = EMPTY;
  return (
    <>
      {panels.map((p) => (
        <PanelArt key={`b-${p.id}`} panel={p} layers={byId.get(p.id) ?? none} bleed={bleed} editingId={null} pass="bleed" raster={raster} />
      ))}
      {panels.map((p) => (
        <PanelArt key={`e-${p.id}`} panel={p} layers={byId.get(p.id) ?? none} bleed={bleed} editingId={editingId} pass="exact" raster={raster} />
      ))}
    </>
  );
});

const EMPTY: readonly EditorLayer[] = [];

export const GUIDE_COLOURS = { cut: '#ec008c', fold: '#00aeef', bleed: '#ef4444', safe: '#16a34a' } as const;

interface GuidesProps {
  dieline: EditorDocument['dieline'];
  guides: EditorDocument['guides'];
  pxPerMm: number;
}

/**
 * The dieline over the artwork, in constant screen widths: cut solid magenta, folds dashed cyan
 * (the print PDF's colours), the bleed line dotted red and each panel's safe zone dashed green.
 * Never listens: guides are not pickable.
 */
export const Guides = memo(function Guides({ dieline, guides, pxPerMm }: GuidesProps) {
  const bleed = useMemo(() => bleedSegments(dieline.panels, dieline.bleed_mm), [dieline]);
  const px = 1 / pxPerMm;
  return (
    <Group listening={false}>
      {guides.bleed &&
        bleed.map((s, i) => (
          <Line
            key={`bl${i}`}
            points={[s.a.x, s.a.y, s.b.x, s.b.y]}
            stroke={GUIDE_COLOURS.bleed}
            strokeWidth={1}
            strokeScaleEnabled={false}
            dash={[2 * px, 3 * px]}
            opacity={0.7}
          />
        ))}
      {guides.safe &&
        dieline.panels.map((p) => (
          <Group key={`s-${p.id}`} {...panelPlacement(p)}>
            <Rect
              x={p.safe.x}
              y={p.safe.y}
              width={p.safe.width}
              height={p.safe.height}
              stroke={GUIDE_COLOURS.safe}
              strokeWidth={1}
              strokeScaleEnabled={false}
              dash={[4 * px, 4 * px]}
              opacity={0.6}
            />
          </Group>
        ))}
      {dieline.cuts.map((d, i) => (
        <Path key={`c${i}`} data={d} stroke={GUIDE_COLOURS.cut} strokeWidth={1} strokeScaleEnabled={false} />
      ))}
      {guides.folds &&
        dieline.creases.map((d, i) => (
          <Path key={`f${i}`} data={d} stroke={GUIDE_COLOURS.fold} strokeWidth={1} strokeScaleEnabled={false} dash={[6 * px, 4 * px]} />
        ))}
    </Group>
  );
});
