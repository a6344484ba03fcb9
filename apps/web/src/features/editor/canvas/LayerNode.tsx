/**
 * One layer as Konva nodes, drawn by render-svg's rules (draw-math). Each layer is a Group placed
 * at its centre (offset by half its size, so `rotation` turns it about the centre as the SVG does)
 * with its content in local 0…w × 0…h; the transformer scales that group. Memoised by the layer
 * object: the history keeps unchanged layers' identity, so a drag re-renders only what moves.
 * Nothing here listens to the pointer: the canvas hit-tests layers itself (gestures.ts).
 */
import { memo, useEffect, useRef, useState } from 'react';
import { Ellipse, Group, Image as KImage, Line, Rect, Shape } from 'react-konva';
import type Konva from 'konva';
import type { EditorLayer } from '@packsmith/contracts';
import { barcodeDrawing, containBox, coverCrop, gradientPoints, iconSvg, rasterSize, svgDataUrl, svgSizedTo, textLayout } from './draw-math';

type Of<K extends EditorLayer['kind']> = Extract<EditorLayer, { kind: K }>;

/** Images by URL, shared by every node (and kept while the page lives: an editor has few). */
const images = new Map<string, HTMLImageElement>();

function useLoadedImage(src: string | null): HTMLImageElement | null {
  const [img, setImg] = useState<HTMLImageElement | null>(() => {
    const known = src ? images.get(src) : undefined;
    return known?.complete && known.naturalWidth > 0 ? known : null;
  });
  useEffect(() => {
    if (!src) {
      setImg(null);
      return;
    }
    // A new source (an SVG re-rasterised at a new zoom) keeps showing the old image until it loads.
    let el = images.get(src);
    if (!el) {
      el = new window.Image();
      // Stored files are same-origin; remote ones must allow CORS or the canvas could not be exported.
      if (/^https?:/.test(src)) el.crossOrigin = 'anonymous';
      el.src = src;
      images.set(src, el);
    }
    const done = el;
    if (done.complete && done.naturalWidth > 0) {
      setImg(done);
      return;
    }
    const onLoad = () => setImg(done);
    done.addEventListener('load', onLoad);
    return () => done.removeEventListener('load', onLoad);
  }, [src]);
  return img;
}

function BackgroundNode({ layer, bleedBox }: { layer: Of<'background'>; bleedBox: { x: number; y: number; w: number; h: number } }) {
  const f = layer.fill;
  const img = useLoadedImage(f.type === 'image' ? f.url : null);
  const box = { x: bleedBox.x, y: bleedBox.y, width: bleedBox.w, height: bleedBox.h };
  if (f.type === 'colour') return <Rect {...box} fill={f.colour} opacity={layer.opacity} listening={false} />;
  if (f.type === 'image') {
    if (!img) return null;
    return <KImage {...box} image={img} crop={coverCrop(f.natural, bleedBox)} opacity={layer.opacity} listening={false} />;
  }
  const { start, end } = gradientPoints(f.angle, bleedBox);
  return (
    <Rect
      {...box}
      fillLinearGradientStartPoint={start}
      fillLinearGradientEndPoint={end}
      fillLinearGradientColorStops={f.stops.flatMap((s) => [s.offset, s.colour])}
      opacity={layer.opacity}
      listening={false}
    />
  );
}

function TextShape({ layer }: { layer: Of<'text'> }) {
  const ref = useRef<Konva.Shape>(null);
  const t = textLayout(layer);
  useEffect(() => {
    // Canvas text does not wait for web fonts: draw again once the face is there.
    const fonts = typeof document !== 'undefined' ? document.fonts : undefined;
    if (!fonts?.load) return;
    let live = true;
    fonts
      .load(t.font.replace(/[0-9.]+px/, '16px'))
      .then(() => {
        if (live) ref.current?.getLayer()?.batchDraw();
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [t.font]);
  return (
    <Shape
      ref={ref}
      width={layer.w}
      height={layer.h}
      listening={false}
      sceneFunc={(ctx) => {
        const c = ctx._context;
        c.font = t.font;
        c.textAlign = t.align;
        c.textBaseline = 'alphabetic';
        c.fillStyle = layer.colour;
        if ('letterSpacing' in c) c.letterSpacing = `${t.trackingMm}px`;
        for (const line of t.lines) c.fillText(line.text, line.x - layer.x, line.baseline - layer.y);
        if ('letterSpacing' in c) c.letterSpacing = '0px';
      }}
    />
  );
}

function ShapeNode({ layer }: { layer: Of<'shape'> }) {
  const stroke = layer.stroke ? { stroke: layer.stroke.colour, strokeWidth: layer.stroke.width_mm } : {};
  const fill = layer.fill ?? undefined;
  if (layer.shape === 'ellipse')
    return <Ellipse x={layer.w / 2} y={layer.h / 2} radiusX={layer.w / 2} radiusY={layer.h / 2} fill={fill} {...stroke} listening={false} />;
  if (layer.shape === 'line') {
    const y = layer.h / 2;
    // render-svg: a line without a stroke is drawn in its fill colour, as thick as the box.
    const s = layer.stroke ? stroke : { stroke: layer.fill ?? '#000000', strokeWidth: layer.h };
    return <Line points={[0, y, layer.w, y]} {...s} listening={false} />;
  }
  const r = Math.min(layer.corner_radius_mm, layer.w / 2, layer.h / 2);
  return <Rect width={layer.w} height={layer.h} cornerRadius={r > 0 ? r : 0} fill={fill} {...stroke} listening={false} />;
}

function ImageNode({ layer }: { layer: Of<'image'> }) {
  const img = useLoadedImage(layer.url);
  const c = layer.crop;
  if (!img) return <Rect width={layer.w} height={layer.h} fill="#e2e8f0" listening={false} />;
  return (
    <KImage
      image={img}
      width={layer.w}
      height={layer.h}
      crop={{ x: c.x * layer.natural.width, y: c.y * layer.natural.height, width: c.w * layer.natural.width, height: c.h * layer.natural.height }}
      listening={false}
    />
  );
}

/** An SVG drawn as an image at the layer's size, fitted as render-svg nests it. */
function SvgNode({ svg, w, h, raster }: { svg: string; w: number; h: number; raster: number }) {
  const { wPx, hPx } = rasterSize(w, h, raster);
  const img = useLoadedImage(svgDataUrl(svgSizedTo(svg, wPx, hPx)));
  return img ? <KImage image={img} width={w} height={h} listening={false} /> : null;
}

function LogoNode({ layer, raster }: { layer: Of<'logo'>; raster: number }) {
  const src = layer.source.type === 'image' ? layer.source.url : null;
  const img = useLoadedImage(src);
  if (layer.source.type === 'svg') return <SvgNode svg={layer.source.svg} w={layer.w} h={layer.h} raster={raster} />;
  if (!img) return null;
  const b = containBox(layer.source.natural, { x: 0, y: 0, w: layer.w, h: layer.h });
  return <KImage image={img} x={b.x} y={b.y} width={b.w} height={b.h} listening={false} />;
}

function IconNode({ layer, raster }: { layer: Of<'icon'>; raster: number }) {
  const { wPx, hPx } = rasterSize(layer.w, layer.h, raster);
  const img = useLoadedImage(svgDataUrl(iconSvg(layer, wPx, hPx)));
  return img ? <KImage image={img} width={layer.w} height={layer.h} listening={false} /> : null;
}

function BarcodeNode({ layer }: { layer: Of<'barcode'> }) {
  const d = barcodeDrawing(layer);
  return (
    <Shape
      width={layer.w}
      height={layer.h}
      listening={false}
      sceneFunc={(ctx) => {
        if (!d) return;
        const c = ctx._context;
        c.translate(-layer.x, -layer.y);
        if (d.background) {
          c.fillStyle = layer.background ?? '#ffffff';
          c.fillRect(d.background.x, d.background.y, d.background.w, d.background.h);
        }
        c.fillStyle = layer.colour;
        c.beginPath();
        for (const bar of d.bars) c.rect(bar.x, bar.y, bar.w, bar.h);
        c.fill();
        c.textAlign = 'center';
        c.textBaseline = 'alphabetic';
        for (const t of d.digits) {
          c.font = `${t.sizeMm}px "${d.font}"`;
          c.fillText(t.text, t.x, t.y);
        }
      }}
    />
  );
}

function Content({ layer, raster }: { layer: EditorLayer; raster: number }) {
  switch (layer.kind) {
    case 'text':
      return <TextShape layer={layer} />;
    case 'shape':
      return <ShapeNode layer={layer} />;
    case 'image':
      return <ImageNode layer={layer} />;
    case 'logo':
      return <LogoNode layer={layer} raster={raster} />;
    case 'nutrition':
      return <SvgNode svg={layer.svg} w={layer.w} h={layer.h} raster={raster} />;
    case 'icon':
      return <IconNode layer={layer} raster={raster} />;
    case 'barcode':
      return <BarcodeNode layer={layer} />;
    case 'background':
      return null;
  }
}

export interface LayerNodeProps {
  layer: EditorLayer;
  /** The panel's box grown by the bleed (backgrounds fill it). */
  bleedBox: { x: number; y: number; w: number; h: number };
  /** Drawn by the in-place editor instead (the text being edited). */
  concealed?: boolean;
  /** Raster px per mm for SVG layers (draw-math rasterPxPerMm: changes only at zoom doublings). */
  raster: number;
}

/** The Konva node name layer groups carry: `stage.findOne('#' + id)` finds them for the transformer. */
export const LAYER_NODE_NAME = 'layer';

export const LayerNode = memo(function LayerNode({ layer, bleedBox, concealed, raster }: LayerNodeProps) {
  // A fully transparent layer keeps its (invisible) node: it can still be selected and transformed.
  if (layer.hidden || concealed) return null;
  // Backgrounds fill the panel and its bleed whatever their box and are never turned (render-svg).
  if (layer.kind === 'background') return <BackgroundNode layer={layer} bleedBox={bleedBox} />;
  return (
    <Group
      id={layer.id}
      name={LAYER_NODE_NAME}
      x={layer.x + layer.w / 2}
      y={layer.y + layer.h / 2}
      offsetX={layer.w / 2}
      offsetY={layer.h / 2}
      rotation={layer.rotation}
      opacity={layer.opacity}
      listening={false}
    >
      {/* An empty frame: the transformer measures the group, which must span the layer's box even before an image loads. */}
      <Rect width={layer.w} height={layer.h} listening={false} />
      <Content layer={layer} raster={raster} />
    </Group>
  );
});
