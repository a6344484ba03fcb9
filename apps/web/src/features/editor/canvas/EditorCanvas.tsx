/**
 * The editing surface (issue 17 item 2): a react-konva Stage filling its container that draws
 * the flat sheet at true scale (stage units are sheet mm, scaled by the view's pxPerMm and
 * offset by its pan) and turns pointer gestures into editor commands. The document is the
 * store's; the gesture in flight is kept in refs and a small gesture store (conventions: refs for
 * in-flight gestures). Layers do not listen to the pointer: hits are computed from the document
 * (gestures.ts), which keeps Konva's hit canvas empty and the math testable; only the
 * transformer's handles are Konva-interactive.
 */
import { useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Layer, Stage, Transformer } from 'react-konva';
import type Konva from 'konva';
import { useStore } from 'zustand';
import type { Point } from '@packsmith/editor';
import type { EditorStore, EditorView } from '../editor.store';
import { rasterPxPerMm, selectionAnnouncement } from './draw-math';
import {
  clickSelection,
  dragStep,
  findLayer,
  hitTest,
  keepRatio,
  marqueeBox,
  marqueeSelect,
  snapPoint,
  startDrag,
  transformCommand,
  type DragState,
} from './gestures';
import { LockedSelection, SnapAndMarquee, WarningsOverlay, createGestureStore } from './Overlay';
import { Guides, SheetArt } from './SheetArt';
import { TextEditor } from './TextEditor';
import { fitToScreen } from './view-actions';
import { panelAt, panelToScreen, screenToPanel, screenToSheet, wheelZoomFactor, zoomAbout } from './view-math';
import { isTypingTarget } from './keymap';

export interface EditorCanvasProps {
  store: EditorStore;
  className?: string;
}

type Gesture =
  | { kind: 'drag'; state: DragState; last: Point; noSnap: boolean }
  | { kind: 'marquee'; start: Point; base: string[] }
  | { kind: 'pan'; last: Point }
  | { kind: 'pinch'; startDist: number; startMid: Point; startView: EditorView };

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const midpoint = (a: Point, b: Point) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

export function EditorCanvas({ store, className }: EditorCanvasProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<Konva.Stage>(null);
  const trRef = useRef<Konva.Transformer>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [gestures] = useState(createGestureStore);
  const gesture = useRef<Gesture | null>(null);
  const pointers = useRef(new Map<number, Point>());
  const frame = useRef<number | null>(null);
  const pendingMove = useRef<{ p: Point; mod: boolean } | null>(null);
  const spaceHeld = useRef(false);
  const [panning, setPanning] = useState(false);

  const doc = useStore(store, (s) => s.editor?.doc ?? null);
  const view = useStore(store, (s) => s.view);
  const selection = useStore(store, (s) => s.selection);
  const editingTextId = useStore(store, (s) => s.editingTextId);
  const fitKey = useStore(store, (s) => (s.editor ? `${s.projectId ?? ''}:${s.editor.doc.box.id}` : null));
  // Warnings re-check the whole document: let React do it when the drag frame is drawn.
  const deferredDoc = useDeferredValue(doc);

  // The container's size: the stage fills it, and fit/zoom buttons read it from the store.
  useLayoutEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const measure = () => {
      const next = { width: Math.round(el.clientWidth), height: Math.round(el.clientHeight) };
      setSize((s) => (s.width === next.width && s.height === next.height ? s : next));
      store.getState().setViewport(next);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [store]);

  // Fit to screen once per loaded document, as soon as the canvas has a size.
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (!fitKey || size.width === 0 || size.height === 0 || fitted.current === fitKey) return;
    if (fitToScreen(store)) fitted.current = fitKey;
  }, [fitKey, size, store]);

  // The transformer takes the selected, unlocked, visible layers' nodes.
  const selectedLayers = useMemo(
    () =>
      doc ? selection.map((id) => findLayer(doc, id)).filter((f) => f !== null && !f.layer.locked && !f.layer.hidden && f.layer.kind !== 'background') : [],
    [doc, selection],
  );
  const lockedSelected = useMemo(() => (doc ? selection.filter((id) => findLayer(doc, id)?.layer.locked) : []), [doc, selection]);
  // Re-attached only when the set of ids changes (not on every drag frame: a layer keeps its node).
  const trKey = selectedLayers.map((f) => f!.layer.id).join(' ');
  const staged = size.width > 0 && size.height > 0;
  useEffect(() => {
    const tr = trRef.current;
    const stage = stageRef.current;
    if (!tr || !stage) return;
    const ids = editingTextId || !trKey ? [] : trKey.split(' ');
    tr.nodes(ids.map((id) => stage.findOne(`#${id}`)).filter((n): n is Konva.Node => n !== undefined));
    tr.getLayer()?.batchDraw();
  }, [trKey, editingTextId, staged]);

  // Space held: the next drag pans (Figma, Photoshop). Ignored while typing. Esc during a drag puts
  // the layers back (the gesture's step is undone) and during a marquee restores the selection; this
  // listener is registered before the page's shortcuts, which then see the key as handled.
  useEffect(() => {
    const down = (e: KeyboardEvent) => {
      const g = gesture.current;
      if (e.key === 'Escape' && (g?.kind === 'drag' || g?.kind === 'marquee')) {
        e.preventDefault();
        gesture.current = null;
        if (frame.current !== null) cancelAnimationFrame(frame.current);
        frame.current = null;
        pendingMove.current = null;
        const s = store.getState();
        if (g.kind === 'drag') {
          const last = s.editor?.history.past[s.editor.history.past.length - 1];
          if (last?.merge_key === g.state.mergeKey) s.undo();
        } else s.select(g.base);
        gestures.setState({ snap: null, marquee: null });
        return;
      }
      if (e.code !== 'Space' || isTypingTarget(e.target) || store.getState().editingTextId) return;
      e.preventDefault();
      if (!spaceHeld.current) {
        spaceHeld.current = true;
        setPanning(true);
        if (containerRef.current) containerRef.current.style.cursor = '';
      }
    };
    const up = (e: KeyboardEvent) => {
      if (e.code !== 'Space') return;
      spaceHeld.current = false;
      setPanning(false);
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, [store, gestures]);

  // Wheel: pan, Ctrl/⌘+wheel (and trackpad pinch) zooms about the pointer — as Figma does.
  // Registered by hand: React's wheel listener is passive and could not stop the page zooming.
  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const s = store.getState();
      const r = el.getBoundingClientRect();
      const p = { x: e.clientX - r.left, y: e.clientY - r.top };
      if (e.ctrlKey || e.metaKey) {
        s.setView(zoomAbout(s.view, s.view.pxPerMm * wheelZoomFactor(e.deltaY, e.deltaMode), p));
      } else {
        const k = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? r.height : 1;
        const dx = (e.shiftKey && e.deltaX === 0 ? e.deltaY : e.deltaX) * k;
        const dy = (e.shiftKey && e.deltaX === 0 ? 0 : e.deltaY) * k;
        s.setView({ panX: s.view.panX - dx, panY: s.view.panY - dy });
      }
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [store]);

  // Canvas text waits for web fonts it names: draw again when any finish loading.
  useEffect(() => {
    const fonts = typeof document !== 'undefined' ? document.fonts : undefined;
    if (!fonts?.addEventListener) return;
    const redraw = () => stageRef.current?.batchDraw();
    fonts.addEventListener('loadingdone', redraw);
    return () => fonts.removeEventListener('loadingdone', redraw);
  }, []);

  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  const local = (e: { clientX: number; clientY: number }): Point => {
    const r = containerRef.current!.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  /** One drag frame: at most one move command per animation frame, however fast the pointer. */
  const flushDrag = () => {
    frame.current = null;
    const g = gesture.current;
    const pending = pendingMove.current;
    pendingMove.current = null;
    if (!g || g.kind !== 'drag' || !pending) return;
    const s = store.getState();
    if (!s.editor) return;
    const step = dragStep(s.editor.doc, g.state, screenToSheet(s.view, pending.p), s.view, !pending.mod);
    g.state = step.state;
    if (step.command) s.dispatch(step.command, { label: 'Move', mergeKey: g.state.mergeKey });
    gestures.setState({ snap: step.guides.length ? { panelId: g.state.panelId, guides: step.guides } : null });
  };

  const endGesture = () => {
    const g = gesture.current;
    gesture.current = null;
    if (frame.current !== null) {
      cancelAnimationFrame(frame.current);
      flushDrag();
    }
    if (g?.kind === 'drag') store.getState().seal();
    gestures.setState({ snap: null, marquee: null });
  };

  const onPointerDown = (e: React.PointerEvent<HTMLDivElement>) => {
    const el = containerRef.current;
    const stage = stageRef.current;
    if (!el || !stage) return;
    if (e.target !== el && !(e.target instanceof HTMLCanvasElement)) return; // the text editor's own events
    el.focus({ preventScroll: true });
    const p = local(e);
    pointers.current.set(e.pointerId, p);
    const s = store.getState();

    if (e.pointerType === 'touch' && pointers.current.size === 2) {
      // A second finger: whatever the first began becomes a pinch (zoom) and two-finger pan.
      if (gesture.current?.kind === 'drag') s.seal();
      const [a, b] = [...pointers.current.values()] as [Point, Point];
      gesture.current = { kind: 'pinch', startDist: Math.max(1, distance(a, b)), startMid: midpoint(a, b), startView: s.view };
      gestures.setState({ snap: null, marquee: null });
      return;
    }
    if (e.button === 1 || (e.button === 0 && spaceHeld.current)) {
      e.preventDefault();
      el.setPointerCapture?.(e.pointerId);
      gesture.current = { kind: 'pan', last: p };
      return;
    }
    if (e.button !== 0 || !s.editor) return;
    // The transformer's handles are the only Konva-interactive nodes: leave them to Konva.
    if (stage.getIntersection(p)) return;
    el.setPointerCapture?.(e.pointerId);
    const doc = s.editor.doc;
    const sheet = screenToSheet(s.view, p);
    const additive = e.shiftKey || e.ctrlKey || e.metaKey;
    const hit = hitTest(doc, sheet, s.selection);
    if (s.editingTextId) s.setEditingText(null);
    if (hit) {
      const next = clickSelection(s.selection, hit.layer.id, additive);
      s.select(next);
      s.setActivePanel(hit.panel.id);
      if (next.includes(hit.layer.id)) gesture.current = { kind: 'drag', state: startDrag(doc, next, hit.panel.id, sheet), last: p, noSnap: false };
      return;
    }
    const panel = panelAt(doc, sheet);
    if (panel) s.setActivePanel(panel.id);
    if (e.pointerType === 'touch') {
      // On a phone one finger on empty space pans (the marquee is a mouse gesture); a tap deselects.
      if (!additive) s.select([]);
      gesture.current = { kind: 'pan', last: p };
      return;
    }
    const base = clickSelection(s.selection, null, additive);
    s.select(base);
    gesture.current = { kind: 'marquee', start: sheet, base };
  };

  const onPointerMove = (e: React.PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    const p = local(e);
    if (!g) {
      hoverCursor(p);
      return;
    }
    if (pointers.current.has(e.pointerId)) pointers.current.set(e.pointerId, p);
    const s = store.getState();
    if (g.kind === 'pan') {
      s.setView({ panX: s.view.panX + p.x - g.last.x, panY: s.view.panY + p.y - g.last.y });
      g.last = p;
    } else if (g.kind === 'pinch') {
      const pts = [...pointers.current.values()];
      if (pts.length < 2) return;
      const [a, b] = pts as [Point, Point];
      const mid = midpoint(a, b);
      const zoomed = zoomAbout(g.startView, g.startView.pxPerMm * (distance(a, b) / g.startDist), g.startMid);
      s.setView({ pxPerMm: zoomed.pxPerMm, panX: zoomed.panX + mid.x - g.startMid.x, panY: zoomed.panY + mid.y - g.startMid.y });
    } else if (g.kind === 'drag') {
      // Ctrl/⌘ while dragging turns snapping off (Figma).
      pendingMove.current = { p, mod: e.ctrlKey || e.metaKey };
      if (frame.current === null) frame.current = requestAnimationFrame(flushDrag);
    } else if (g.kind === 'marquee' && s.editor) {
      const box = marqueeBox(g.start, screenToSheet(s.view, p));
      gestures.setState({ marquee: box });
      const hits = marqueeSelect(s.editor.doc, box);
      const next = [...g.base, ...hits.filter((id) => !g.base.includes(id))];
      if (next.length !== s.selection.length || next.some((id, i) => s.selection[i] !== id)) s.select(next);
    }
  };

  /** A move cursor over what a press would take (set on the element: no render per hover). */
  const hoverCursor = (p: Point) => {
    const el = containerRef.current;
    const s = store.getState();
    if (!el || !s.editor || spaceHeld.current) return;
    const over = hitTest(s.editor.doc, screenToSheet(s.view, p), s.selection) !== null;
    const want = over ? 'move' : '';
    if (el.style.cursor !== want) el.style.cursor = want;
  };

  const onPointerUp = (e: React.PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(e.pointerId);
    if (gesture.current?.kind === 'pinch' && pointers.current.size > 0) return;
    endGesture();
  };

  const onDoubleClick = (e: React.MouseEvent<HTMLDivElement>) => {
    const s = store.getState();
    if (!s.editor) return;
    const hit = hitTest(s.editor.doc, screenToSheet(s.view, local(e)), s.selection);
    if (hit?.layer.kind !== 'text') return;
    s.select([hit.layer.id]);
    s.setEditingText(hit.layer.id);
  };

  /**
   * A resize handle snaps like a move (one unturned layer only: a turned layer's corner does not
   * run along the panel's axes). Konva gives and takes the handle's position in stage px.
   */
  const snapAnchor = (_old: Point, next: Point, e?: { ctrlKey?: boolean; metaKey?: boolean }): Point => {
    const tr = trRef.current;
    const s = store.getState();
    const nodes = tr?.nodes() ?? [];
    if (!tr || !s.editor || nodes.length !== 1 || tr.getActiveAnchor() === 'rotater' || e?.ctrlKey || e?.metaKey) return next;
    const f = findLayer(s.editor.doc, nodes[0]!.id());
    if (!f || f.layer.rotation % 360 !== 0) return next;
    const local = screenToPanel(s.view, f.panel, next);
    const snapped = snapPoint(s.editor.doc, f.panel, local, [f.layer.id], s.view);
    gestures.setState({ snap: snapped.guides.length ? { panelId: f.panel.id, guides: snapped.guides } : null });
    return panelToScreen(s.view, f.panel, snapped.point);
  };

  const onTransformEnd = () => {
    gestures.setState({ snap: null });
    const tr = trRef.current;
    const s = store.getState();
    if (!tr || !s.editor) return;
    const doc = s.editor.doc;
    const commands = tr.nodes().flatMap((node) => {
      const f = findLayer(doc, node.id());
      if (!f) return [];
      const c = transformCommand(f.layer, { x: node.x(), y: node.y(), scaleX: node.scaleX(), scaleY: node.scaleY(), rotation: node.rotation() });
      return c ? [c] : [];
    });
    if (commands.length > 0) s.dispatch(commands.length === 1 ? commands[0]! : { type: 'batch', commands }, { label: 'Transform', mergeKey: null });
    // The nodes back to what the document says (its new box, or the old one if the change was refused).
    const after = store.getState().editor?.doc ?? doc;
    for (const node of tr.nodes()) {
      const f = findLayer(after, node.id());
      if (!f) continue;
      const l = f.layer;
      node.setAttrs({ scaleX: 1, scaleY: 1, x: l.x + l.w / 2, y: l.y + l.h / 2, offsetX: l.w / 2, offsetY: l.h / 2, rotation: l.rotation });
    }
    s.seal();
  };

  const editing = doc && editingTextId ? findLayer(doc, editingTextId) : null;
  const ratio = keepRatio(selectedLayers.map((f) => f!.layer));
  const announcement = selectionAnnouncement(doc, selection);
  const raster = rasterPxPerMm(view.pxPerMm, typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1);

  return (
    <div
      ref={containerRef}
      data-testid="editor-canvas"
      // The view, for browser tests and the drag bench to find a layer on screen (no globals).
      data-view={`${view.pxPerMm} ${view.panX} ${view.panY}`}
      tabIndex={0}
      role="application"
      aria-label="Packaging sheet"
      aria-roledescription="editor canvas"
      className={`relative h-full w-full touch-none overflow-hidden bg-slate-100 outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${panning ? 'cursor-grab' : ''} ${className ?? ''}`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onDoubleClick={onDoubleClick}
      onContextMenu={(e) => e.preventDefault()}
    >
      {size.width > 0 && size.height > 0 && (
        <Stage ref={stageRef} width={size.width} height={size.height} scaleX={view.pxPerMm} scaleY={view.pxPerMm} x={view.panX} y={view.panY}>
          <Layer listening={false}>{doc && <SheetArt doc={doc} editingId={editingTextId} raster={raster} />}</Layer>
          <Layer listening={false}>{doc && <Guides dieline={doc.dieline} guides={doc.guides} pxPerMm={view.pxPerMm} />}</Layer>
          <Layer>
            {deferredDoc && <WarningsOverlay doc={deferredDoc} pxPerMm={view.pxPerMm} />}
            {doc && <LockedSelection doc={doc} ids={lockedSelected} />}
            {doc && <SnapAndMarquee gestures={gestures} doc={doc} />}
            <Transformer
              ref={trRef}
              keepRatio={ratio}
              shiftBehavior={ratio ? 'inverted' : 'default'}
              rotateEnabled
              flipEnabled={false}
              ignoreStroke
              anchorSize={8}
              borderStroke="#2563eb"
              anchorStroke="#2563eb"
              boundBoxFunc={(oldBox, newBox) => (Math.abs(newBox.width) < 2 || Math.abs(newBox.height) < 2 ? oldBox : newBox)}
              anchorDragBoundFunc={snapAnchor}
              onTransformEnd={onTransformEnd}
            />
          </Layer>
        </Stage>
      )}
      {editing?.layer.kind === 'text' && <TextEditor key={editing.layer.id} store={store} panel={editing.panel} layer={editing.layer} view={view} />}
      <div className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </div>
  );
}
