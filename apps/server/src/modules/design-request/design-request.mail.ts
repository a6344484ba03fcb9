import { BOX_TYPES, BUDGET_RANGES, DESIGN_SERVICES, PACKAGING_TYPE_NOT_SURE, PRICE_POINTS, type DesignRequestRecord } from '@packsmith/contracts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Names for the slugs a request stores, as the form showed them. */
export function packagingTypeName(slug: string): string {
  if (slug === PACKAGING_TYPE_NOT_SURE || slug === '') return 'Not sure yet';
  return BOX_TYPES.find((b) => b.slug === slug)?.name ?? slug;
}
const nameOf = (list: readonly { slug: string; name: string }[], slug: string | null): string =>
  slug ? (list.find((x) => x.slug === slug)?.name ?? slug) : '—';
/** Subjects are one line: whatever the requester typed loses its line breaks there. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
const orDash = (s: string) => (s.trim() === '' ? '—' : s);

function summary(r: DesignRequestRecord, attachmentLinks: readonly string[]): string[] {
  const f = r.fields;
  return [
    `Reference:       ${r.reference}`,
    '',
    'Contact',
    `  Name:          ${f.name}`,
    `  Email:         ${f.email}`,
    `  Company:       ${orDash(f.company)}`,
    `  Country:       ${f.country}`,
    '',
    'Product',
    `  Product:       ${f.product}`,
    `  Brand:         ${f.brand}`,
    `  Packaging:     ${packagingTypeName(f.packaging_type)}`,
    `  Size:          ${orDash(f.size)}`,
    `  Quantity:      ${f.quantity.toLocaleString('en-US')}`,
    '',
    'Market',
    `  Target market: ${orDash(f.target_market)}`,
    `  Price point:   ${nameOf(PRICE_POINTS, f.price_point)}`,
    '',
    'Services',
    ...(f.services.length ? f.services.map((s) => `  - ${nameOf(DESIGN_SERVICES, s)}`) : ['  —']),
    '',
    'Style references',
    ...(f.links.length ? f.links.map((l) => `  Link:  ${l}`) : []),
    ...(attachmentLinks.length ? attachmentLinks.map((a, i) => `  Image ${i + 1}: ${a}`) : []),
    ...(f.links.length + attachmentLinks.length === 0 ? ['  —'] : []),
    '',
    'Timing and budget',
    `  Deadline:      ${orDash(f.deadline)}`,
    `  Budget:        ${nameOf(BUDGET_RANGES, f.budget)}`,
    '',
    'Notes',
    ...(f.notes ? f.notes.split(/\r?\n/).map((l) => `  ${l}`) : ['  —']),
  ];
}

/** To the requester: the reference, what they sent, what happens next. Plain text only. */
export function requesterMail(r: DesignRequestRecord, attachmentLinks: readonly string[]): MailMessage {
  const text = [
    `Hello ${r.fields.name},`,
    '',
    `Thank you for your design request. Your reference number is ${r.reference}: please quote it when you write to us.`,
    '',
    'What happens next:',
    '  1. A packaging designer reads your brief within two working days.',
    '  2. We reply to this address with questions, a proposal and a quote.',
    '  3. Once you agree, we start with concepts, then refine them with you to print-ready files.',
    '',
    'What you sent us:',
    '',
    ...summary(r, attachmentLinks),
    '',
    '— The Packsmith studio',
  ].join('\n');
  return { to: r.fields.email, subject: `Your Packsmith design request ${r.reference}`, text };
}

/** To the studio (DESIGN_REQUEST_TO): every field and the attachment links. */
export function studioMail(r: DesignRequestRecord, attachmentLinks: readonly string[], studioEmail: string): MailMessage {
  const text = [
    `New design request ${r.reference} from ${r.fields.name} <${r.fields.email}>.`,
    `Received ${new Date(r.create_at).toISOString()}; answer the requester at ${r.fields.email}.`,
    '',
    ...summary(r, attachmentLinks),
    '',
    `Request id: ${r.request_id} (admin area → Design requests).`,
  ].join('\n');
  return { to: studioEmail, subject: oneLine(`Design request ${r.reference}: ${r.fields.brand} – ${r.fields.product}`).slice(0, 200), text };
}
