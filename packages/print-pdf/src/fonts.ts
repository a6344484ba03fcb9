import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * A font embedded as a subset (only the glyphs drawn) under a PDF subset name: six capital
 * letters, '+', the PostScript name (ISO 32000 §9.6.4). pdf-lib's own default name is the
 * PostScript name with a random number, which preflight tools do not recognise as a subset and
 * which makes two exports of the same file differ; the tag here is a hash of the face and of
 * every string the exporter draws, so the same input gives the same bytes.
 */
export async function embedSubset(doc: PDFDocument, bytes: Uint8Array, texts: readonly string[]): Promise<PDFFont> {
  const face = fontkit.create(bytes);
  const postscript = face.postscriptName || 'Font';
  return doc.embedFont(bytes, { subset: true, customName: `${subsetTag(postscript, texts)}+${postscript}` });
}

/** Six letters A–Z from an FNV-1a hash of the name and the texts. */
export function subsetTag(name: string, texts: readonly string[]): string {
  let h = 0x811c9dc5;
  for (const ch of [name, ...texts].join('\u0000')) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  let tag = '';
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + (h % 26));
    h = Math.floor(h / 26) + (i + 1) * 7919;
  }
  return tag;
}
