import { describe, expect, it } from 'vitest';
import { decontaminate } from './colour.js';

describe('edge colours', () => {
  it('removes the old background from half-transparent edge pixels', () => {
    // A red product on a blue backdrop; its edge pixels are half red, half blue.
    const width = 40;
    const height = 20;
    const photo = new Uint8Array(width * height * 3);
    const alpha = new Uint8Array(width * height);
    const q = new Float32Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        const a = x < 20 ? 1 : x === 20 ? 0.5 : 0;
        photo.set([Math.round(220 * a + 20 * (1 - a)), Math.round(30 * a + 40 * (1 - a)), Math.round(30 * a + 200 * (1 - a))], i * 3);
        alpha[i] = Math.round(a * 255);
        q[i] = a;
      }
    }
    const image = { data: photo, width, height };
    const rgba = decontaminate(image, alpha, { x: 0, y: 0, width, height }, image, q);
    const at = (x: number, y: number): number[] => Array.from(rgba.subarray((y * width + x) * 4, (y * width + x) * 4 + 4));
    const edge = at(20, 10);
    // The photo has (120, 35, 115) there: purple. The cut-out must say red, at half alpha.
    expect(edge[3]).toBe(128);
    expect(Math.abs((edge[0] ?? 0) - 220)).toBeLessThan(6);
    expect(Math.abs((edge[2] ?? 0) - 30)).toBeLessThan(6);
    // Opaque pixels keep the photo's colours exactly.
    expect(at(5, 10)).toEqual([220, 30, 30, 255]);
  });
});
