/**
 * The quote as an A4 PDF in our typography (Inter, embedded as a subset via fontkit): title, box and
 * spec, the quantity ladder, the cost breakdown of the chosen quantity, MOQ, lead time, the
 * digital/offset crossover, the factories and the valid-until date, with the estimate caveats.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { evenGlyphRecords } from '@packsmith/print-pdf';
import type { Quote } from '@packsmith/contracts';
import { money, quoteSpecLine } from './assistant/summary.js';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const INK = rgb(0.09, 0.1, 0.13);
const MUTED = rgb(0.42, 0.44, 0.5);
const RULE = rgb(0.86, 0.87, 0.9);
const ACCENT = rgb(0.16, 0.33, 0.85);

let fontBytes: { regular: Uint8Array; semibold: Uint8Array } | null = null;

/** The Inter TTFs, read once (the same OFL faces the design engine uses). */
function interBytes(): { regular: Uint8Array; semibold: Uint8Array } {
  if (fontBytes) return fontBytes;
  const root = dirname(createRequire(import.meta.url).resolve('@expo-google-fonts/inter/package.json'));
  fontBytes = {
    regular: readFileSync(join(root, '400Regular', 'Inter_400Regular.ttf')),
    semibold: readFileSync(join(root, '600SemiBold', 'Inter_600SemiBold.ttf')),
  };
  return fontBytes;
}

/**
 * Advance widths per character at size 1, per weight, measured once per process. fontkit shapes a
 * whole string per measure (~0.3 ms each), which made wrapping word by word the bulk of a render;
 * summing character advances ignores kerning, a fraction of a point, which wrapping and right
 * alignment do not notice.
 */
const advances = { regular: new Map<string, number>(), semibold: new Map<string, number>() };

function widthOf(font: PDFFont, weight: keyof typeof advances, text: string, size: number): number {
  const table = advances[weight];
  let w = 0;
  for (const ch of text) {
    let a = table.get(ch);
    if (a === undefined) {
      a = font.widthOfTextAtSize(ch, 1);
      table.set(ch, a);
    }
    w += a;
  }
  return w * size;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface Pen {
  page: PDFPage;
  y: number;
}

export async function renderQuotePdf(quote: Quote, issuedAt: number = Date.now()): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const bytes = interBytes();
  // Padded glyph records: @pdf-lib/fontkit's subsets of Inter otherwise draw many letters blank (print-pdf/fonts.ts).
  const regular = await pdf.embedFont(evenGlyphRecords(bytes.regular), { subset: true });
  const semibold = await pdf.embedFont(evenGlyphRecords(bytes.semibold), { subset: true });
  pdf.setTitle(`Packsmith quote ${quote.quote_id ?? ''}`.trim());
  pdf.setProducer('Packsmith');
  pdf.setCreationDate(new Date(issuedAt));

  const measure = (font: PDFFont, s: string, size: number) => widthOf(font, font === semibold ? 'semibold' : 'regular', s, size);
  const pen: Pen = { page: pdf.addPage(A4), y: A4[1] - MARGIN };
  const width = A4[0] - 2 * MARGIN;
  const ensure = (h: number) => {
    if (pen.y - h < MARGIN + 24) {
      pen.page = pdf.addPage(A4);
      pen.y = A4[1] - MARGIN;
    }
  };
  const text = (s: string, x: number, opts: { size?: number; font?: PDFFont; colour?: ReturnType<typeof rgb>; right?: boolean } = {}) => {
    const size = opts.size ?? 10;
    const font = opts.font ?? regular;
    const x0 = opts.right ? x - measure(font, s, size) : x;
    pen.page.drawText(s, { x: x0, y: pen.y, size, font, color: opts.colour ?? INK });
  };
  const wrap = (s: string, size: number, font: PDFFont, max: number): string[] => {
    const lines: string[] = [];
    let line = '';
    for (const word of s.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (measure(font, next, size) > max && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines;
  };
  const paragraph = (s: string, opts: { size?: number; font?: PDFFont; colour?: ReturnType<typeof rgb> } = {}) => {
    const size = opts.size ?? 10;
    for (const l of wrap(s, size, opts.font ?? regular, width)) {
      ensure(size + 4);
      text(l, MARGIN, opts);
      pen.y -= size + 4;
    }
  };
  const heading = (s: string) => {
    ensure(40);
    pen.y -= 14;
    text(s, MARGIN, { size: 12, font: semibold });
    pen.y -= 8;
    pen.page.drawLine({ start: { x: MARGIN, y: pen.y }, end: { x: MARGIN + width, y: pen.y }, thickness: 0.6, color: RULE });
    pen.y -= 14;
  };
  /** A table: columns with x offsets; numbers right-aligned at their column's right edge. */
  const row = (
    cells: readonly { text: string; x: number; right?: boolean }[],
    opts: { font?: PDFFont; colour?: ReturnType<typeof rgb>; size?: number } = {},
  ) => {
    ensure(16);
    for (const c of cells) text(c.text, MARGIN + c.x, { ...opts, right: c.right });
    pen.y -= 15;
  };

  // Title block.
  text('Packsmith', MARGIN, { size: 11, font: semibold, colour: ACCENT });
  text(`Issued ${day(issuedAt)}`, MARGIN + width, { size: 9, colour: MUTED, right: true });
  pen.y -= 30;
  text('Packaging quote', MARGIN, { size: 24, font: semibold });
  pen.y -= 20;
  text(`Quote ${quote.quote_id ?? ''} · valid until ${day(quote.valid_until)}`, MARGIN, { size: 10, colour: MUTED });
  pen.y -= 26;

  heading(`${quote.box.name}`);
  paragraph(quoteSpecLine(quote));
  paragraph(
    `Board: ${quote.spec.board}. Ships to ${quote.spec.destination}.${quote.blank ? ` Blank ${Math.round(quote.blank.width_mm)} × ${Math.round(quote.blank.height_mm)} mm, ${quote.blank.up} up on a ${quote.blank.sheet_width_mm} × ${quote.blank.sheet_height_mm} mm sheet (${Math.round(quote.blank.utilisation * 100)}% used).` : ''}`,
    { colour: MUTED },
  );
  pen.y -= 6;
  text(`${money(quote.unit_price, quote.currency)} each`, MARGIN, { size: 18, font: semibold });
  text(`${money(quote.total, quote.currency)} for ${quote.quantity.toLocaleString('en-US')}`, MARGIN + width, { size: 12, right: true });
  pen.y -= 24;
  paragraph(
    `Minimum order ${quote.moq.toLocaleString('en-US')} · lead time about ${quote.lead_time_days} days · ${quote.process} print${quote.estimate_only ? ' · priced from unit-cost tables (estimate)' : ''}`,
  );
  if (quote.crossover)
    paragraph(
      `From ${quote.crossover.quantity.toLocaleString('en-US')} pieces ${quote.crossover.to} printing is cheaper than ${quote.crossover.from}; below that ${quote.crossover.from} wins.`,
      { colour: MUTED },
    );

  heading('Quantity ladder');
  row(
    [
      { text: 'Quantity', x: 0 },
      { text: 'Process', x: 130 },
      { text: 'Unit price', x: 340, right: true },
      { text: 'Total', x: width, right: true },
    ],
    { font: semibold, size: 9, colour: MUTED },
  );
  for (const step of quote.ladder) {
    const chosen = step.quantity === quote.quantity;
    row(
      [
        { text: step.quantity.toLocaleString('en-US'), x: 0 },
        { text: step.process, x: 130 },
        { text: money(step.unit_price, quote.currency), x: 340, right: true },
        { text: money(step.total, quote.currency), x: width, right: true },
      ],
      chosen ? { font: semibold } : {},
    );
  }

  heading(`Cost breakdown for ${quote.quantity.toLocaleString('en-US')}`);
  for (const line of quote.breakdown) {
    row([
      { text: `${line.name}${line.one_off ? ' (one-off)' : ''}`, x: 0 },
      { text: line.note ? (wrap(line.note, 10, regular, 250)[0] ?? '') : '', x: 160 },
      { text: money(line.amount, quote.currency), x: width, right: true },
    ]);
  }
  row(
    [
      { text: 'Total', x: 0 },
      { text: money(quote.total, quote.currency), x: width, right: true },
    ],
    { font: semibold },
  );

  heading('Factories that can make it');
  if (quote.factories.length === 0) paragraph('No factory in our directory fits this order yet.', { colour: MUTED });
  for (const f of quote.factories) {
    paragraph(`${f.name} — ${f.city}, ${f.country}${f.sample ? ' (sample data)' : ''}`, { font: semibold });
    paragraph(
      `${f.processes.join(', ')} · MOQ ${f.moq_min.toLocaleString('en-US')}–${f.moq_max.toLocaleString('en-US')} · ${f.lead_time_days_min}–${f.lead_time_days_max} days${f.certifications.length ? ` · ${f.certifications.join(', ')}` : ''}`,
      { colour: MUTED, size: 9 },
    );
  }

  heading('Notes');
  paragraph('Estimate — prices before artwork check. Final prices are confirmed by the factory after pre-press.', { font: semibold });
  for (const note of quote.notes) paragraph(`• ${note}`, { colour: MUTED, size: 9 });
  paragraph(`Prices hold until ${day(quote.valid_until)}.`, { colour: MUTED, size: 9 });

  return pdf.save();
}
