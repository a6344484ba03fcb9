/** The round shapes of bottles, cans, jars and sticks, and the height of their label area. */
import type { BoxType } from '@packsmith/contracts';
import { slotExtent } from '../../render3d/mesh.js';
import { buildShape, type BottleStyle, type ShapeSpec } from '../../render3d/shapes.js';
import { round2 } from './art.js';

/** The kind of bottle each catalogue bottle is: its shoulder, neck and closure. */
const BOTTLE_STYLE: Readonly<Partial<Record<string, BottleStyle>>> = {
  'wine-bottle': 'wine',
  'beer-bottle': 'beer',
  'spirits-bottle': 'spirits',
  'water-bottle': 'water',
  'juice-bottle': 'juice',
  'dropper-bottle': 'dropper',
  'pump-bottle': 'pump',
  'spray-bottle': 'spray',
  'shampoo-bottle': 'shampoo',
};

/** The round shape of a box type; `labelHeight` (a wrap label's) places a stick's cap line just above it. */
export function roundShape(box: BoxType, labelHeight = 0): ShapeSpec {
  const d = box.dimensions;
  if (d.shape !== 'cylinder') throw new Error(`box ${box.id} is not a cylinder`);
  switch (box.geometry) {
    case 'bottle': {
      const style = BOTTLE_STYLE[box.slug];
      return { kind: 'bottle', diameter: d.diameter, height: d.height, ...(style ? { style } : {}) };
    }
    case 'can':
      // A food tin has double seams at both ends; drink cans a necked top.
      return { kind: 'cylinder', variant: box.slug === 'tin-can' ? 'tin' : 'can', diameter: d.diameter, height: d.height };
    case 'tube':
      // A wrap-labelled tube is a twist stick (lip balm): the label is centred on its height.
      return { kind: 'cylinder', variant: 'stick', diameter: d.diameter, height: d.height, lidHeight: round2((d.height + labelHeight) / 2 + 1.5) };
    case 'jar':
      return { kind: 'cylinder', variant: 'jar', diameter: d.diameter, height: d.height };
    default:
      return { kind: 'cylinder', variant: 'plain', diameter: d.diameter, height: d.height };
  }
}

/** Height of the label area of a round shape, mm. */
export function slotHeight(shape: ShapeSpec): number {
  return slotExtent(buildShape(shape), 'wrap')?.height ?? 0;
}
