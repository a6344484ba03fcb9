/** Layers for tests: valid by construction, overridable field by field. */
import type { EditorLayer } from '@packsmith/contracts';

type Of<K extends EditorLayer['kind']> = Extract<EditorLayer, { kind: K }>;

const base = { name: '', x: 10, y: 10, w: 20, h: 10, rotation: 0, opacity: 1, locked: false, hidden: false };

export function textLayer(id: string, over: Partial<Of<'text'>> = {}): Of<'text'> {
  return {
    ...base,
    id,
    name: id,
    kind: 'text',
    text: 'Hello',
    font: { family: 'Inter', weight: 400, italic: false },
    size_pt: 12,
    tracking: 0,
    line_height: 1.2,
    align: 'left',
    colour: '#111111',
    ...over,
  };
}

export function shapeLayer(id: string, over: Partial<Of<'shape'>> = {}): Of<'shape'> {
  return { ...base, id, name: id, kind: 'shape', shape: 'rect', fill: '#ff0000', stroke: null, corner_radius_mm: 0, ...over };
}

export function backgroundLayer(id: string, colour = '#ffffff', over: Partial<Of<'background'>> = {}): Of<'background'> {
  return { ...base, id, name: id, kind: 'background', x: 0, y: 0, w: 60, h: 150, fill: { type: 'colour', colour }, ...over };
}

export function imageLayer(id: string, over: Partial<Of<'image'>> = {}): Of<'image'> {
  return { ...base, id, name: id, kind: 'image', url: '/files/a.png', natural: { width: 1200, height: 800 }, crop: { x: 0, y: 0, w: 1, h: 1 }, ...over };
}
