import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { PLAN_PRICES, billingPeriodOf, planFamilyOf, type PaidVipType } from '@packsmith/contracts';

export interface InvoicePdfInput {
  seller: string;
  buyerEmail: string | null;
  number: string;
  vipType: PaidVipType;
  periodStart: Date;
  periodEnd: Date;
  issuedAt: Date;
  /** Before the promotion. */
  listCents: number;
  amountCents: number;
  currency: string;
  status: string;
  promotion: { code: string; percentOff: number } | null;
  billingReason: string;
  testMode: boolean;
}

const day = (d: Date): string => d.toISOString().slice(0, 10);
const money = (cents: number, currency: string): string => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

const REASONS: Record<string, string> = {
  subscription_create: 'First period',
  subscription_cycle: 'Renewal',
  subscription_update: 'Plan change (prorated)',
  manual: 'Invoice',
};

/** A one-page A4 invoice (the sandbox's stand-in for Stripe's hosted PDF). Standard fonts only: no files to load. */
export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Invoice ${input.number}`);
  pdf.setProducer('Packsmith');
  pdf.setCreationDate(input.issuedAt);
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.12);
  const grey = rgb(0.45, 0.45, 0.5);
  let y = 780;
  const line = (text: string, opts: { size?: number; font?: typeof regular; colour?: typeof ink; x?: number } = {}) => {
    page.drawText(text, { x: opts.x ?? 56, y, size: opts.size ?? 11, font: opts.font ?? regular, color: opts.colour ?? ink });
  };

  line(input.seller, { size: 22, font: bold });
  if (input.testMode) line('TEST MODE', { size: 16, font: bold, colour: rgb(0.8, 0.2, 0.1), x: 420 });
  y -= 22;
  line('Invoice', { size: 14, colour: grey });
  y -= 40;

  const plan = PLAN_PRICES[planFamilyOf(input.vipType)];
  const rows: [string, string][] = [
    ['Invoice number', input.number],
    ['Issued', day(input.issuedAt)],
    ['Billed to', input.buyerEmail ?? '(no email on file)'],
    ['Plan', `${plan.title}, billed every ${billingPeriodOf(input.vipType)} (${input.vipType})`],
    ['Period', `${day(input.periodStart)} to ${day(input.periodEnd)}`],
    ['Reason', REASONS[input.billingReason] ?? input.billingReason],
    ['Price', money(input.listCents, input.currency)],
    ['Promotion', input.promotion ? `${input.promotion.code} (${input.promotion.percentOff}% off)` : 'None'],
    ['Status', input.status],
  ];
  for (const [label, value] of rows) {
    line(label, { colour: grey });
    line(value, { x: 200 });
    y -= 22;
  }
  y -= 16;
  page.drawLine({ start: { x: 56, y: y + 12 }, end: { x: 539, y: y + 12 }, thickness: 0.8, color: grey });
  line('Amount', { size: 14, font: bold });
  line(money(input.amountCents, input.currency), { size: 14, font: bold, x: 200 });
  y -= 48;
  if (input.testMode) line('TEST MODE: issued by the offline payment sandbox. No money was taken.', { size: 10, colour: grey });
  return pdf.save();
}
