/**
 * What the canvas draws over the artwork and never prints: the print warnings (red outlines and
 * badges), the snap guides and the marquee of a gesture in progress. The in-flight gesture state
 * lives in a small store of its own (not the editor's: it is not the document), so a drag frame
 * redraws this overlay and the moved layer, nothing else.
 */
import { memo, useMemo } from 'react';
import { Circle, Group, Line, Rect, Text } from 'react-konva';
import { createStore, useStore, type StoreApi } from 'zustand';
import type { EditorDocument } from '@packsmith/contracts';
import { documentWarnings, layerCorners, panelToSheet, type Box, type LayerWarning, type SnapGuide } from '@packsmith/editor';
import { findLayer, guideSegment } from './gestures';
import { panelPlacement } from './SheetArt';

export interface GestureState {
  /** Snap guides of the drag in progress, in its panel's mm. */
  snap: { panelId: string; guides: SnapGuide[] } | null;
  /** The marquee being drawn, sheet mm. */
  marquee: Box | null;
}

export type GestureStore = StoreApi<GestureState>;

export function createGestureStore(): GestureStore {
  return createStore<GestureState>()(() => ({ snap: null, marquee: null }));
}

const SNAP_COLOUR = '#f43f5e';
const SELECT_COLOUR = '#2563eb';
export const WARNING_COLOUR = '#dc2626';

export const SnapAndMarquee = memo(function SnapAndMarquee({ gestures, doc }: { gestures: GestureStore; doc: EditorDocument }) {
  const snap = useStore(gestures, (s) => s.snap);
  const marquee = useStore(gestures, (s) => s.marquee);
  const panel = snap ? doc.dieline.panels.find((p) => p.id === snap.panelId) : undefined;
  return (
    <Group listening={false}>
      {panel &&
        snap?.guides.map((g, i) => {
          const [a, b] = guideSegment(panel, g);
          return <Line key={i} points={[a.x, a.y, b.x, b.y]} stroke={SNAP_COLOUR} strokeWidth={1} strokeScaleEnabled={false} />;
        })}
      {marquee && (
        <Rect
          x={marquee.x}
          y={marquee.y}
          width={marquee.w}
          height={marquee.h}
          fill="rgba(37,99,235,0.08)"
          stroke={SELECT_COLOUR}
          strokeWidth={1}
          strokeScaleEnabled={false}
        />
      )}
    </Group>
  );
});

/** The warnings of each layer, by layer id. */
export function warningsByLayer(warnings: readonly LayerWarning[]): Map<string, LayerWarning[]> {
  const out = new Map<string, LayerWarning[]>();
  for (const w of warnings) out.set(w.layer_id, [...(out.get(w.layer_id) ?? []), w]);
  return out;
}

/**
 * A red outline round each layer with a print warning and a numbered badge at its top-right
 * corner, at a constant screen size. The document is passed deferred (useDeferredValue): the
 * checks (fold crossings against every crease) need not run on every drag frame.
 */
export const WarningsOverlay = memo(function WarningsOverlay({ doc, pxPerMm }: { doc: EditorDocument; pxPerMm: number }) {
  const byLayer = useMemo(() => warningsByLayer(documentWarnings(doc)), [doc]);
  const px = 1 / pxPerMm;
  const items = [...byLayer].flatMap(([id, list]) => {
    const found = findLayer(doc, id);
    if (!found) return [];
    const { panel, layer } = found;
    const corners = layerCorners(layer).map((c) => panelToSheet(panel, c));
    // The badge sits on the corner furthest up and right on screen.
    const badge = corners.reduce((best, c) => (c.x - c.y > best.x - best.y ? c : best), corners[0]!);
    return [{ id, panel, layer, badge, count: list.length }];
  });
  return (
    <Group listening={false}>
      {items.map(({ id, panel, layer, badge, count }) => (
        <Group key={id}>
          <Group {...panelPlacement(panel)}>
            <Rect
              x={layer.x + layer.w / 2}
              y={layer.y + layer.h / 2}
              offsetX={layer.w / 2}
              offsetY={layer.h / 2}
              width={layer.w}
              height={layer.h}
              rotation={layer.rotation}
              stroke={WARNING_COLOUR}
              strokeWidth={1.5}
              strokeScaleEnabled={false}
              dash={[4 * px, 2 * px]}
            />
          </Group>
          <Circle x={badge.x} y={badge.y} radius={8 * px} fill={WARNING_COLOUR} stroke="#ffffff" strokeWidth={1} strokeScaleEnabled={false} />
          <Text
            x={badge.x - 8 * px}
            y={badge.y - 6 * px}
            width={16 * px}
            text={count > 1 ? String(count) : '!'}
            align="center"
            fontSize={11 * px}
            fontStyle="bold"
            fill="#ffffff"
          />
        </Group>
      ))}
    </Group>
  );
});

/** Thin outlines round selected layers the transformer does not take (locked ones). */
export const LockedSelection = memo(function LockedSelection({ doc, ids }: { doc: EditorDocument; ids: readonly string[] }) {
  return (
    <Group listening={false}>
      {ids.map((id) => {
        const f = findLayer(doc, id);
        if (!f) return null;
        const pts = layerCorners(f.layer).flatMap((c) => {
          const s = panelToSheet(f.panel, c);
          return [s.x, s.y];
        });
        return <Line key={id} points={pts} closed stroke={SELECT_COLOUR} strokeWidth={1} strokeScaleEnabled={false} dash={[3, 3]} />;
      })}
    </Group>
  );
});
