/** Small generated images for the prompt engines' tests: a lit gradient, a busy pattern, flat halves. */
import type { Mask, RgbImage } from '../types.js';

/** A warm grey wall lit from the left: a lightness ramp with a soft pattern (luminance variation to keep). */
export function litWall(width: number, height: number): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = 90 + 120 * (1 - x / width) + 12 * Math.sin(x / 7) * Math.cos(y / 9);
      const i = (y * width + x) * 3;
      data[i] = Math.min(255, v + 12);
      data[i + 1] = Math.min(255, v + 4);
      data[i + 2] = Math.max(0, v - 8);
    }
  }
  return { data, width, height };
}

/** Colourful stripes and checks: a busy background for text. */
export function busyImage(width: number, height: number): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const check = ((x >> 4) + (y >> 4)) & 1;
      data[i] = check ? 230 : 40 + ((x * 3) & 127);
      data[i + 1] = check ? 200 - ((y * 2) & 63) : 90;
      data[i + 2] = (x + y) & 1 ? 60 : 180;
    }
  }
  return { data, width, height };
}

export function flatImage(width: number, height: number, rgb: readonly [number, number, number]): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) data.set(rgb, i * 3);
  return { data, width, height };
}

/** A filled rectangle mask. */
export function rectMask(width: number, height: number, r: { x: number; y: number; width: number; height: number }): Mask {
  const data = new Uint8Array(width * height);
  for (let y = r.y; y < r.y + r.height; y++) data.fill(255, y * width + r.x, y * width + r.x + r.width);
  return { data, width, height };
}
