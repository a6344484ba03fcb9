// The image tools' raster engines (packages/vision/src/tools): erase (inpaint: Telea strokes and
// PatchMatch holes) at 1024 and 2048 px with ΔE2000 and seam figures on the generated textures;
// upscale 1024 → 2048 / 4096 and 2048 → 4096 with PSNR/SSIM against plain bicubic; segment box
// with GrabCut and ISNet at 1024 and 2048 px; peak memory. One run each (the set is deterministic).
import sharp from 'sharp';
import { tsImport } from 'tsx/esm/api';
import { coreShare, median } from './cpu-share.mjs';

const at = (rel) => new URL(rel, import.meta.url).href;

async function timed(fn) {
  const t = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - t };
}

function markedImage(truth, mask) {
  const data = Uint8Array.from(truth.data);
  for (let p = 0; p < mask.length; p++) if (mask[p]) data.set([250, 20, 200], p * 3);
  return { data, width: truth.width, height: truth.height };
}

function boxAround(mask, grow) {
  let [x0, y0, x1, y1] = [mask.width, mask.height, 0, 0];
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) {
      if (mask.data[y * mask.width + x] < 128) continue;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  }
  const gx = Math.round((x1 - x0) * grow);
  const gy = Math.round((y1 - y0) * grow);
  return { x: Math.max(0, x0 - gx), y: Math.max(0, y0 - gy), width: x1 - x0 + 1 + 2 * gx, height: y1 - y0 + 1 + 2 * gy };
}

export default async function imageRasterBench() {
  const tools = await tsImport(at('../packages/vision/src/tools/index.ts'), import.meta.url);
  const metrics = await tsImport(at('../packages/vision/src/tools/metrics.ts'), import.meta.url);
  const textures = await tsImport(at('../packages/vision/src/testset/textures.ts'), import.meta.url);
  const sharpness = await tsImport(at('../packages/vision/src/testset/sharpness.ts'), import.meta.url);
  const testset = await tsImport(at('../packages/vision/src/testset/index.ts'), import.meta.url);
  const cutout = await tsImport(at('../packages/vision/src/cutout/index.ts'), import.meta.url);
  const figures = {};
  const shares = [];
  const r1 = (v) => Math.round(v);

  // Warm-up: OpenCV's WebAssembly start, module compilation.
  {
    const t = textures.renderTexture('flat', 64, 1);
    await tools.inpaint(t, { data: textures.blobMask(64, 32, 32, 10, 10), width: 64, height: 64 }, { seed: 1 });
  }

  // Erase: time at 1024 and 2048 on wood.
  for (const size of [1024, 2048]) {
    const truth = textures.renderTexture('wood', size, 11);
    const strokes = textures.strokeMask(size, 7, 6, 9);
    const blob = textures.blobMask(size, size * 0.55, size * 0.45, size * 0.12, size * 0.09);
    shares.push(coreShare().share);
    const s = await timed(() => tools.inpaint(markedImage(truth, strokes), { data: strokes, width: size, height: size }, { seed: 1 }));
    const b = await timed(() => tools.inpaint(markedImage(truth, blob), { data: blob, width: size, height: size }, { seed: 1 }));
    const blobPx = blob.reduce((n, v) => n + (v ? 1 : 0), 0);
    const parts = (r) => ['telea', 'patchmatch'].map((m) => `${r.regions.filter((g) => g.method === m).length} ${m}`).join(' + ');
    figures[`erase ${size} px: 6 strokes 9 px wide (${parts(s.value)} regions) ms`] = r1(s.ms);
    figures[`erase ${size} px: hole of ${Math.round(blobPx / 1000)}k px (${Math.round(size * 0.24)}×${Math.round(size * 0.18)}, ${b.value.method}) ms`] = r1(
      b.ms,
    );
    figures[`erase ${size} px: hole ΔE00 / seam ratio`] =
      `${metrics.meanDeltaE(b.value.image, truth, blob).toFixed(2)} / ${metrics.seamRatio(b.value.image, truth, blob).toFixed(2)}`;
  }

  // A hole of most of the photo: the synthesis' worst case at the upload size.
  {
    const truth = textures.renderTexture('fabric', 2048, 4);
    const blob = textures.blobMask(2048, 1000, 1100, 600, 450);
    const r = await timed(() => tools.inpaint(markedImage(truth, blob), { data: blob, width: 2048, height: 2048 }, { seed: 1 }));
    const px = blob.reduce((n, v) => n + (v ? 1 : 0), 0);
    figures[`erase 2048 px fabric: hole of ${Math.round(px / 1000)}k px (1200×900) ms / ΔE00 / seam ratio`] =
      `${r1(r.ms)} / ${metrics.meanDeltaE(r.value.image, truth, blob).toFixed(2)} / ${metrics.seamRatio(r.value.image, truth, blob).toFixed(2)}`;
  }

  // Erase quality on the generated set (256 px, as in the tests).
  const quality = { strokes: [], blob: [] };
  for (const kind of textures.TEXTURE_KINDS) {
    const truth = textures.renderTexture(kind, 256, 3);
    const masks = { strokes: textures.strokeMask(256, 5), blob: textures.blobMask(256, 128, 120, 45, 35) };
    for (const [name, mask] of Object.entries(masks)) {
      const r = await tools.inpaint(markedImage(truth, mask), { data: mask, width: 256, height: 256 }, { seed: 1 });
      const dE = metrics.meanDeltaE(r.image, truth, mask);
      const seam = metrics.seamRatio(r.image, truth, mask);
      quality[name].push({ kind, dE, seam });
    }
  }
  for (const [name, rows] of Object.entries(quality)) {
    figures[`erase quality, ${name} (256 px): ΔE00 per texture`] = rows.map((r) => `${r.kind} ${r.dE.toFixed(2)}`).join(', ');
    figures[`erase quality, ${name}: seam ratio per texture`] = rows.map((r) => `${r.kind} ${r.seam.toFixed(2)}`).join(', ');
  }

  // Upscale: time.
  const src1024 = await sharpness.renderSharpnessImage('product', 1024);
  const src2048 = await sharpness.renderSharpnessImage('text', 2048);
  shares.push(coreShare().share);
  for (const [label, src, factor] of [
    ['1024 → 2048', src1024, 2],
    ['1024 → 4096', src1024, 4],
    ['2048 → 4096', src2048, 2],
  ]) {
    const r = await timed(() => tools.upscale(src, factor));
    figures[`upscale ${label} ms`] = r1(r.ms);
  }
  // Upscale quality: box-reduced 512 px set, ×2 and ×4, ours vs sharp's bicubic.
  const q = { ours: [], cubic: [] };
  for (const factor of [2, 4]) {
    for (const kind of sharpness.SHARPNESS_KINDS) {
      const truth = await sharpness.renderSharpnessImage(kind, 512);
      const small = sharpness.boxDownscale(truth, factor);
      const ours = (await tools.upscale(small, factor)).image;
      const cubicBuf = await sharp(small.data, { raw: { width: small.width, height: small.height, channels: 4 } })
        .resize(512, 512, { kernel: 'cubic', fit: 'fill' })
        .raw()
        .toBuffer();
      const cubic = { data: new Uint8Array(cubicBuf), width: 512, height: 512 };
      q.ours.push([metrics.psnr(ours, truth), metrics.ssim(ours, truth)]);
      q.cubic.push([metrics.psnr(cubic, truth), metrics.ssim(cubic, truth)]);
    }
  }
  const mean = (rows, k) => rows.reduce((s, r) => s + r[k], 0) / rows.length;
  figures['upscale quality (12 images, ×2 and ×4): PSNR dB ours / bicubic'] = `${mean(q.ours, 0).toFixed(2)} / ${mean(q.cubic, 0).toFixed(2)}`;
  figures['upscale quality: SSIM ours / bicubic'] = `${mean(q.ours, 1).toFixed(4)} / ${mean(q.cubic, 1).toFixed(4)}`;

  // Segment box: a product photo at 1024 and 2048, GrabCut and ISNet.
  const engine = cutout.createCutoutEngine();
  await engine.warmUp();
  for (const maxSide of [1024, 2048]) {
    const spec = testset.testPhotoSpecs({ maxSide }).find((s) => s.products === 1 && Math.max(s.width, s.height) === maxSide);
    const photo = await testset.renderTestPhoto(spec);
    const { data, info } = await sharp(photo.photo).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const image = { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
    const truth = await testset.decodeMask(photo.maskPng);
    const box = boxAround(truth, 0.06);
    shares.push(coreShare().share);
    for (const [name, e] of [
      ['grabcut', null],
      ['isnet', engine],
    ]) {
      const r = await timed(() => tools.segmentBox(image, box, e, { seed: 1 }));
      figures[`segment box ${info.width}×${info.height}, ${name} (box ${box.width}×${box.height}): ms / IoU`] =
        `${r1(r.ms)} / ${r.value ? testset.maskIoU(r.value.mask, truth).toFixed(3) : 'null'}`;
    }
  }
  await engine.dispose();

  figures['share of a core this process got (median)'] = median(shares).toFixed(2);
  figures['peak RSS MiB (maxRSS)'] = Math.round(process.resourceUsage().maxRSS / 1024);
  const big =
    figures[
      'erase 2048 px: hole of ' +
        Object.keys(figures)
          .find((k) => k.startsWith('erase 2048 px: hole of'))
          ?.slice('erase 2048 px: hole of '.length)
    ];
  return {
    name: 'image tools: erase, upscale, segment box (raster engines)',
    figures,
    aim: 'large-hole erase at 2048 px under 10 s; upscale beats bicubic on SSIM',
    pass: (big ?? Infinity) < 10_000 && mean(q.ours, 1) > mean(q.cubic, 1),
  };
}
