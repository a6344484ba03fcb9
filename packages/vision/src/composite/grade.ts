/**
 * Matching the product's light to the scene without changing the product's colours: a small
 * global grade (exposure, a nudge of the scene's white balance), a gentle falloff across the
 * product from the lit side, and the scene's ambient colour on the edges only — the interior,
 * eroded away from the silhouette, keeps its own colours. The caller caps the strength by
 * measuring CIEDE2000 against the ungraded product.
 */

export interface ProductLayer {
  /** RGBA, straight alpha, width × height. */
  data: Buffer;
  width: number;
  height: number;
}

export interface GradeParams {
  /** Multiplies the product (1 = unchanged). */
  exposure: number;
  /** Per-channel gains towards the scene's white balance (≈1). */
  gains: [number, number, number];
  /** Unit vector (image space) pointing towards the light. */
  lightDir: { x: number; y: number };
  /** Brightness difference between the lit and the far side (e.g. 0.06 = ±3 %). */
  falloff: number;
  /** Scene ambient colour, RGB 0–255, blended into the edge band. */
  ambient: [number, number, number];
  /** How much of the ambient colour the edge band takes, 0–1. */
  edgeTint: number;
  /** A faint rim of light on the edges facing the lamp, 0–1. */
  rim: number;
  /** Light colour for the rim, RGB 0–255. */
  rimColor: [number, number, number];
}

/**
 * Grades the layer. `edge` is the edge band (0–255 per pixel: 255 on the silhouette's rim,
 * 0 in the interior). Returns a new buffer; the input is unchanged.
 */
export function gradeProduct(layer: ProductLayer, edge: Uint8Array, p: GradeParams, strength = 1): Buffer {
  const { width: w, height: h, data } = layer;
  const out = Buffer.from(data);
  const cx = w / 2;
  const cy = h / 2;
  const half = Math.max(1, Math.hypot(w, h) / 2);
  const [ar, ag, ab] = p.ambient;
  const [rr, rg, rb] = p.rimColor;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const q = i * 4;
      if ((data[q + 3] as number) === 0) continue;
      // −1 on the far side, +1 on the side facing the light.
      const lit = Math.max(-1, Math.min(1, ((x - cx) * p.lightDir.x + (y - cy) * p.lightDir.y) / half));
      const k = p.exposure * (1 + (p.falloff / 2) * lit);
      const e = (edge[i] as number) / 255;
      const tint = e * p.edgeTint;
      const rim = e * p.rim * Math.max(0, lit);
      for (let c = 0; c < 3; c++) {
        const src = data[q + c] as number;
        let v = src * k * (p.gains[c] as number);
        const amb = c === 0 ? ar : c === 1 ? ag : ab;
        // Ambient light on the rim: multiply-mix towards the scene colour (keeps the edge's darkness).
        v += (((v * amb) / 255) * 1.15 - v) * tint;
        const rc = c === 0 ? rr : c === 1 ? rg : rb;
        v += (rc - v) * rim;
        v = src + (v - src) * strength;
        out[q + c] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
      }
    }
  }
  return out;
}
