import type { PDFName } from 'pdf-lib';
import { PDFOperator, PDFOperatorNames as Op, PDFNumber, type PDFDocument, type PDFPage } from 'pdf-lib';

/** The flat sheet's artwork as encoded image bytes (PNG passes through as is; JPEG is embedded as it is). */
export type PrintArtwork = { readonly kind: 'png'; readonly bytes: Uint8Array } | { readonly kind: 'jpeg'; readonly bytes: Uint8Array };

/** An image placed on the page: its resource name and pixel size. */
export interface PlacedImage {
  readonly name: PDFName;
  readonly width: number;
  readonly height: number;
}

interface PngHeader {
  readonly width: number;
  readonly height: number;
  readonly bitDepth: number;
  readonly colourType: number;
  readonly interlace: number;
}

/** The IHDR fields and the concatenated IDAT data of a PNG. */
function readPng(bytes: Uint8Array): { header: PngHeader; idat: Uint8Array } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let header: PngHeader | undefined;
  const parts: Uint8Array[] = [];
  for (let at = 8; at + 8 <= bytes.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR')
      header = { width: view.getUint32(at + 8), height: view.getUint32(at + 12), bitDepth: data[8]!, colourType: data[9]!, interlace: data[12]! };
    else if (type === 'IDAT') parts.push(data);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  if (!header || parts.length === 0) return undefined;
  const idat = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    idat.set(p, o);
    o += p.length;
  }
  return { header, idat };
}

/**
 * Embeds the artwork. An 8-bit grey or RGB PNG without interlacing goes in as it is: its IDAT
 * data is a zlib stream of PNG-predicted rows, which PDF's FlateDecode reads with /Predictor 15
 * (ISO 32000 §7.4.4.4), so the pixels are neither decoded nor recompressed, let alone resampled,
 * and a 300 dpi sheet embeds in milliseconds. Any other PNG (alpha, palette, 16-bit,
 * interlaced) and JPEG go through pdf-lib, which keeps every pixel too (alpha as a soft mask).
 */
export async function embedArtwork(doc: PDFDocument, page: PDFPage, artwork: PrintArtwork, tag = 'Artwork'): Promise<PlacedImage> {
  if (artwork.kind === 'png') {
    const png = readPng(artwork.bytes);
    const h = png?.header;
    if (png && h && h.bitDepth === 8 && h.interlace === 0 && (h.colourType === 0 || h.colourType === 2)) {
      const colors = h.colourType === 2 ? 3 : 1;
      const stream = doc.context.stream(png.idat, {
        Type: 'XObject',
        Subtype: 'Image',
        Width: h.width,
        Height: h.height,
        ColorSpace: colors === 3 ? 'DeviceRGB' : 'DeviceGray',
        BitsPerComponent: 8,
        Filter: 'FlateDecode',
        DecodeParms: { Predictor: 15, Colors: colors, BitsPerComponent: 8, Columns: h.width },
      });
      return { name: page.node.newXObject(tag, doc.context.register(stream)), width: h.width, height: h.height };
    }
  }
  const image = artwork.kind === 'png' ? await doc.embedPng(artwork.bytes) : await doc.embedJpg(artwork.bytes);
  // pdf-lib writes the image object at save; registering its ref here puts it in the resources now.
  return { name: page.node.newXObject(tag, image.ref), width: image.width, height: image.height };
}

/** `q w 0 0 h x y cm /Name Do Q`: the image scaled onto the rectangle (points). */
export function placeImage(image: PlacedImage, x: number, y: number, width: number, height: number): PDFOperator[] {
  const n = (v: number) => PDFNumber.of(v);
  return [
    PDFOperator.of(Op.PushGraphicsState),
    PDFOperator.of(Op.ConcatTransformationMatrix, [n(width), n(0), n(0), n(height), n(x), n(y)]),
    PDFOperator.of(Op.DrawObject, [image.name]),
    PDFOperator.of(Op.PopGraphicsState),
  ];
}
