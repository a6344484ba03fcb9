/*
 * The soft shadow under the pack: one textured quad on the floor, made here (a rectangle the size
 * of the pack's footprint, its edge fading out over a margin). One draw call and no shadow pass
 * (drei's ContactShadows, a depth pass and two blurs a frame, drew nothing with three r187 here).
 */

/** Alpha (0–1) of a footprint shadow at (u, v) in 0–1 across a quad `1 + 2 · margin` footprints wide. */
export function footprintAlpha(u: number, v: number, margin: number): number {
  const span = 1 + 2 * margin;
  // Distance outside the footprint, in footprint units, along each axis.
  const dx = Math.max(0, Math.abs(u - 0.5) * span - 0.5);
  const dy = Math.max(0, Math.abs(v - 0.5) * span - 0.5);
  const d = Math.hypot(dx, dy) / margin;
  const fall = Math.max(0, 1 - d);
  // Darkest just under the pack's edges, fading smoothly to nothing at the quad's border.
  return 0.5 * fall * fall * (3 - 2 * fall);
}

/** RGBA bytes of the shadow texture (black, alpha from footprintAlpha), `size` × `size`. */
export function footprintShadow(size: number, margin: number): Uint8Array {
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const a = footprintAlpha((x + 0.5) / size, (y + 0.5) / size, margin);
      data[(y * size + x) * 4 + 3] = Math.round(a * 255);
    }
  }
  return data;
}
