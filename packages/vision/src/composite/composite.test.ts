import type { BackgroundPlacement, SceneLight } from '@packsmith/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CompositeInputError, compositeProduct, compositeVariants } from './composite.js';
import { deltaE2000Rgb } from '@packsmith/design-engine/delta-e';
import { estimateLight } from './light.js';
import { placementToScene } from './placement.js';
import { VARIANT_LOOKS } from './variants.js';

/** A backdrop: a wall gradient over a floor, drawn by sharp's SVG renderer. */
async function scenePng(size: number, wallTop: string, wall: string, floor: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <defs><linearGradient id="w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${wallTop}"/><stop offset="1" stop-color="${wall}"/></linearGradient></defs>
    <rect width="${size}" height="${size * 0.6}" fill="url(#w)"/><rect y="${size * 0.6}" width="${size}" height="${size * 0.4}" fill="${floor}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A product photo cut-out: a bottle with a label and a cap, on transparency. */
async function bottlePng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="700">
    <defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#0b3d6e"/><stop offset="0.4" stop-color="#2a6fb0"/><stop offset="1" stop-color="#082a4c"/></linearGradient></defs>
    <rect x="120" y="10" width="60" height="90" fill="#c8102e"/>
    <path d="M120 100 h60 q0 60 70 100 q30 20 30 70 v400 q0 20 -20 20 h-220 q-20 0 -20 -20 v-400 q0 -50 30 -70 q70 -40 70 -100z" fill="url(#g)"/>
    <rect x="40" y="380" width="220" height="180" fill="#f4ecd8"/><rect x="70" y="440" width="160" height="30" fill="#1b2a4a"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A plain magenta block: easy to find again in the output. */
async function blockPng(w: number, h: number): Promise<Buffer> {
  return sharp({ create: { width: w, height: h, channels: 4, background: { r: 255, g: 0, b: 255, alpha: 1 } } })
    .png()
    .toBuffer();
}

async function raw(png: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Bounds of the pixels close to magenta. */
function magentaBounds(img: { data: Buffer; width: number; height: number }) {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const q = (y * img.width + x) * 3;
      const r = img.data[q] as number;
      const g = img.data[q + 1] as number;
      const b = img.data[q + 2] as number;
      if (r > 200 && b > 200 && g < 60) {
        left = Math.min(left, x);
        right = Math.max(right, x + 1);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y + 1);
      }
    }
  }
  return { left, top, right, bottom };
}

function meanLuma(img: { data: Buffer; width: number }, x0: number, y0: number, x1: number, y1: number): number {
  let s = 0;
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const q = (y * img.width + x) * 3;
      s += 0.2126 * (img.data[q] as number) + 0.7152 * (img.data[q + 1] as number) + 0.0722 * (img.data[q + 2] as number);
      n++;
    }
  }
  return s / n;
}

const placement = (o: Partial<BackgroundPlacement> = {}): BackgroundPlacement => ({
  imgW: 200,
  imgH: 400,
  left: 412,
  top: 380,
  originW: 200,
  originH: 400,
  backW: 1024,
  backH: 1024,
  rotation: 0,
  ...o,
});

describe('compositeProduct', () => {
  it('returns a PNG the size of the scene (2048)', async () => {
    const scene = await scenePng(2048, '#d9cfc4', '#efe7dc', '#e2d6c6');
    const r = await compositeProduct({
      scenePng: scene,
      cutoutPng: await bottlePng(),
      placement: placement(),
      scene: { light: { azimuth: 120, elevation: 45, hardness: 0.5 }, floorY: 0.76 },
    });
    const meta = await sharp(r.image).metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height]).toEqual([2048, 2048]);
    expect([r.width, r.height]).toEqual([2048, 2048]);
    expect(r.timings.total).toBeGreaterThan(0);
  }, 30_000);

  it('puts the product exactly where the canvas placement says, to within a pixel', async () => {
    const scene = await scenePng(2048, '#9aa4ad', '#c4ccd3', '#b8bfc6');
    const p = placement({ left: 300.25, top: 200.5, imgW: 150.5, imgH: 300.25 });
    const r = await compositeProduct({
      scenePng: scene,
      cutoutPng: await blockPng(301, 600),
      placement: p,
      scene: { light: { azimuth: 90, elevation: 60, hardness: 0.5 } },
    });
    const b = magentaBounds(await raw(r.image));
    const want = placementToScene(p, 2048, 2048);
    expect(Math.abs(b.left - want.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(b.top - want.y)).toBeLessThanOrEqual(1);
    expect(Math.abs(b.right - (want.x + want.width))).toBeLessThanOrEqual(1);
    expect(Math.abs(b.bottom - (want.y + want.height))).toBeLessThanOrEqual(1);
  }, 30_000);

  it('rotates the product about its box centre', async () => {
    const scene = await scenePng(1024, '#9aa4ad', '#c4ccd3', '#b8bfc6');
    const p = placement({ left: 400, top: 300, imgW: 100, imgH: 300, rotation: 90 });
    const r = await compositeProduct({
      scenePng: scene,
      cutoutPng: await blockPng(100, 300),
      placement: p,
      scene: { light: { azimuth: 90, elevation: 60, hardness: 0.5 } },
    });
    const b = magentaBounds(await raw(r.image));
    // A 100 × 300 box turned a quarter: 300 wide, 100 high, same centre (450, 450).
    expect(Math.abs(b.right - b.left - 300)).toBeLessThanOrEqual(2);
    expect(Math.abs(b.bottom - b.top - 100)).toBeLessThanOrEqual(2);
    expect(Math.abs((b.left + b.right) / 2 - 450)).toBeLessThanOrEqual(1);
    expect(Math.abs((b.top + b.bottom) / 2 - 450)).toBeLessThanOrEqual(1);
  }, 30_000);

  it('casts the shadow on the side away from the light', async () => {
    const scene = await scenePng(1024, '#e6e6e6', '#e6e6e6', '#e6e6e6');
    const p = placement({ left: 462, top: 300, imgW: 100, imgH: 400 });
    const baseY = 700;
    const side = async (light: SceneLight) => {
      const img = await raw(
        (await compositeProduct({ scenePng: scene, cutoutPng: await blockPng(100, 400), placement: p, scene: { light, floorY: 0.7 } })).image,
      );
      const left = meanLuma(img, 462 - 160, baseY - 30, 462 - 10, baseY + 40);
      const right = meanLuma(img, 562 + 10, baseY - 30, 562 + 160, baseY + 40);
      return { left, right };
    };
    const fromLeft = await side({ azimuth: 150, elevation: 35, hardness: 0.7 });
    expect(fromLeft.right).toBeLessThan(fromLeft.left - 5);
    const fromRight = await side({ azimuth: 30, elevation: 35, hardness: 0.7 });
    expect(fromRight.left).toBeLessThan(fromRight.right - 5);
    // And a contact shadow right under the base, darker than the open floor.
    const img = await raw(
      (
        await compositeProduct({
          scenePng: scene,
          cutoutPng: await blockPng(100, 400),
          placement: p,
          scene: { light: { azimuth: 90, elevation: 70, hardness: 0.6 } },
        })
      ).image,
    );
    expect(meanLuma(img, 480, baseY + 1, 544, baseY + 6)).toBeLessThan(meanLuma(img, 100, baseY + 1, 164, baseY + 6) - 20);
  }, 60_000);

  it('stands the product on the floor line when no placement is given', async () => {
    const scene = await scenePng(1024, '#9aa4ad', '#c4ccd3', '#b8bfc6');
    const r = await compositeProduct({
      scenePng: scene,
      cutoutPng: await blockPng(200, 500),
      scene: { floorY: 0.82, light: { azimuth: 90, elevation: 60, hardness: 0.5 } },
    });
    const b = magentaBounds(await raw(r.image));
    expect(Math.abs(b.bottom - 0.82 * 1024)).toBeLessThanOrEqual(1);
    expect(Math.abs(b.bottom - b.top - 0.55 * 1024)).toBeLessThanOrEqual(2);
    expect(Math.abs((b.left + b.right) / 2 - 512)).toBeLessThanOrEqual(1);
  }, 30_000);

  it('keeps the product colours (mean ΔE00 < 3) in every variant on light, dark and saturated scenes', async () => {
    const bottle = await bottlePng();
    const scenes = [
      await scenePng(1024, '#d9cfc4', '#f2ece4', '#e8dccb'),
      await scenePng(1024, '#0d1626', '#1d2a40', '#263349'),
      await scenePng(1024, '#b8400e', '#e8771f', '#f0a050'),
    ];
    const worst: number[] = [];
    for (const scenePngBuf of scenes) {
      for (let variant = 0; variant < VARIANT_LOOKS.length; variant++) {
        const r = await compositeProduct({
          scenePng: scenePngBuf,
          cutoutPng: bottle,
          placement: placement({ imgW: 150, imgH: 350, left: 437, top: 330 }),
          variant,
        });
        expect(r.productDeltaE, `variant ${variant}`).toBeLessThan(3);
        expect(r.productDeltaE).toBeGreaterThan(0);
        worst.push(r.productDeltaE);
      }
    }
    expect(Math.max(...worst)).toBeLessThan(3);
  }, 120_000);

  it('reports the ΔE an independent measurement finds', async () => {
    const bottle = await bottlePng();
    const scene = await scenePng(1024, '#b8400e', '#e8771f', '#f0a050');
    const p = placement({ imgW: 150, imgH: 350, left: 437, top: 330 });
    const r = await compositeProduct({ scenePng: scene, cutoutPng: bottle, placement: p, variant: 3 });
    // Redo the placement by hand: the cut-out resized to its box, compared with the output.
    const box = placementToScene(p, 1024, 1024);
    const w = Math.round(box.width);
    const h = Math.round(box.height);
    const ref = await sharp(bottle).ensureAlpha().resize(w, h, { fit: 'fill', kernel: 'lanczos3' }).raw().toBuffer();
    const out = await raw(r.image);
    const x0 = Math.round(box.centerX - w / 2);
    const y0 = Math.round(box.centerY - h / 2);
    let sum = 0;
    let n = 0;
    for (let y = 0; y < h; y += 2) {
      for (let x = 0; x < w; x += 2) {
        const q = (y * w + x) * 4;
        if ((ref[q + 3] as number) < 250) continue;
        const o = ((y0 + y) * 1024 + x0 + x) * 3;
        sum += deltaE2000Rgb(
          ref[q] as number,
          ref[q + 1] as number,
          ref[q + 2] as number,
          out.data[o] as number,
          out.data[o + 1] as number,
          out.data[o + 2] as number,
        );
        n++;
      }
    }
    expect(n).toBeGreaterThan(1000);
    expect(Math.abs(sum / n - r.productDeltaE)).toBeLessThan(0.3);
  }, 30_000);

  it('varies the scene grade and the shadow between variants', async () => {
    const scene = await scenePng(1024, '#d9cfc4', '#f2ece4', '#e8dccb');
    const args = { scenePng: scene, cutoutPng: await bottlePng(), placement: placement(), scene: { light: { azimuth: 130, elevation: 40, hardness: 0.6 } } };
    const a = await raw((await compositeProduct({ ...args, variant: 0 })).image);
    const b = await raw((await compositeProduct({ ...args, variant: 3 })).image);
    // The wall (away from the product and its shadow) changed exposure/warmth.
    expect(Math.abs(meanLuma(a, 20, 20, 200, 200) - meanLuma(b, 20, 20, 200, 200))).toBeGreaterThan(3);
  }, 30_000);

  it('survives a product placed partly or wholly off the scene', async () => {
    const scene = await scenePng(512, '#9aa4ad', '#c4ccd3', '#b8bfc6');
    const partly = await compositeProduct({ scenePng: scene, cutoutPng: await blockPng(100, 200), placement: placement({ left: -100 }) });
    expect([partly.width, partly.height]).toEqual([512, 512]);
    const b = magentaBounds(await raw(partly.image));
    expect(b.left).toBe(0);
    const gone = await compositeProduct({ scenePng: scene, cutoutPng: await blockPng(100, 200), placement: placement({ left: 2000, top: 2000 }) });
    expect([gone.width, gone.height]).toEqual([512, 512]);
    expect(gone.productDeltaE).toBe(0);
    expect(magentaBounds(await raw(gone.image)).left).toBe(Infinity);
  }, 30_000);
});

describe('compositeVariants', () => {
  it('gives each variant the same pixels compositeProduct gives it, decoding the scene once', async () => {
    const scene = await scenePng(768, '#d9cfc4', '#f2ece4', '#e8dccb');
    const args = {
      scenePng: scene,
      cutoutPng: await bottlePng(),
      placement: placement(),
      scene: { light: { azimuth: 60, elevation: 40, hardness: 0.6 }, floorY: 0.76 },
    };
    const many = await compositeVariants(args, [0, 5]);
    expect(many).toHaveLength(2);
    for (const [i, variant] of [0, 5].entries()) {
      const one = await compositeProduct({ ...args, variant });
      const a = await raw(one.image);
      const b = await raw((many[i] as { image: Buffer }).image);
      let maxDiff = 0;
      for (let k = 0; k < a.data.length; k++) maxDiff = Math.max(maxDiff, Math.abs((a.data[k] as number) - (b.data[k] as number)));
      expect(maxDiff).toBeLessThanOrEqual(1);
      expect((many[i] as { productDeltaE: number }).productDeltaE).toBeCloseTo(one.productDeltaE, 2);
    }
  }, 30_000);

  it('rejects images it cannot read with a CompositeInputError', async () => {
    const scene = await scenePng(256, '#9aa4ad', '#c4ccd3', '#b8bfc6');
    await expect(compositeProduct({ scenePng: Buffer.from('not an image'), cutoutPng: await blockPng(10, 10) })).rejects.toBeInstanceOf(CompositeInputError);
    await expect(compositeProduct({ scenePng: scene, cutoutPng: Buffer.from('nope') })).rejects.toBeInstanceOf(CompositeInputError);
  });
});

describe('estimateLight', () => {
  async function thumbOf(svg: string) {
    const data = await sharp(Buffer.from(svg)).resize(48, 48, { fit: 'fill' }).removeAlpha().raw().toBuffer();
    return { data, width: 48, height: 48 };
  }
  const lit = (side: 'left' | 'right') =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><defs><linearGradient id="g" x1="${side === 'left' ? 0 : 1}" x2="${side === 'left' ? 1 : 0}"><stop offset="0" stop-color="#f4f0ea"/><stop offset="1" stop-color="#6a655e"/></linearGradient></defs><rect width="256" height="256" fill="url(#g)"/></svg>`;

  it('finds the light on the bright side', async () => {
    expect(estimateLight(await thumbOf(lit('left'))).azimuth).toBeGreaterThan(120);
    expect(estimateLight(await thumbOf(lit('right'))).azimuth).toBeLessThan(60);
  });

  it('assumes light from above on an evenly lit scene, soft', async () => {
    const l = estimateLight(
      await thumbOf('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#cccccc"/></svg>'),
    );
    expect(l.azimuth).toBe(90);
    expect(l.hardness).toBeLessThanOrEqual(0.3);
  });
});

describe('output format', () => {
  it('encodes JPEG when asked, same size and the same picture within JPEG error', async () => {
    const scenePng = await sharp({ create: { width: 1024, height: 768, channels: 3, background: { r: 200, g: 190, b: 170 } } })
      .png()
      .toBuffer();
    const cutoutPng = await sharp({ create: { width: 120, height: 300, channels: 4, background: { r: 30, g: 90, b: 160, alpha: 1 } } })
      .png()
      .toBuffer();
    const args = { scenePng, cutoutPng, scene: { light: { azimuth: 120, elevation: 50, hardness: 0.5 }, floorY: 0.8 } };
    const png = await compositeProduct(args);
    const jpeg = await compositeProduct({ ...args, format: 'jpeg' });
    expect(png.format).toBe('png');
    expect(jpeg.format).toBe('jpeg');
    expect(await sharp(jpeg.image).metadata()).toMatchObject({ format: 'jpeg', width: 1024, height: 768 });
    const a = await sharp(png.image).raw().toBuffer();
    const b = await sharp(jpeg.image).raw().toBuffer();
    let diff = 0;
    for (let i = 0; i < a.length; i++) diff += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
    expect(diff / a.length).toBeLessThan(2);
  });
});
