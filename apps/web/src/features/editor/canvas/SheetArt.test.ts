import { describe, expect, it } from 'vitest';
import type { EditorPanel } from '@packsmith/contracts';
import { panelToSheet } from '@packsmith/editor';
import { panelPlacement } from './SheetArt';

/** Where a Konva Group at {x, y, rotation} puts a local point (rotation clockwise, y down). */
function place(g: { x: number; y: number; rotation: number }, p: { x: number; y: number }) {
  const r = (g.rotation * Math.PI) / 180;
  return { x: g.x + p.x * Math.cos(r) - p.y * Math.sin(r), y: g.y + p.x * Math.sin(r) + p.y * Math.cos(r) };
}

describe('panelPlacement', () => {
  it.each([0, 90, 180, 270] as const)('puts a panel turned %i° where panelToSheet does', (rotation) => {
    const turned = rotation === 90 || rotation === 270;
    const panel: EditorPanel = {
      id: 'p',
      role: 'front',
      rotation,
      width: 60,
      height: 40,
      rect: { x: 100, y: 50, width: turned ? 40 : 60, height: turned ? 60 : 40 },
      safe: { x: 3, y: 3, width: 54, height: 34 },
    };
    const g = panelPlacement(panel);
    for (const p of [
      { x: 0, y: 0 },
      { x: 60, y: 0 },
      { x: 12.5, y: 33 },
      { x: 60, y: 40 },
    ]) {
      const a = place(g, p);
      const b = panelToSheet(panel, p);
      expect(a.x).toBeCloseTo(b.x, 9);
      expect(a.y).toBeCloseTo(b.y, 9);
    }
  });
});
