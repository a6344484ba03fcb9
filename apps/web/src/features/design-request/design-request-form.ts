import {
  BUDGET_RANGES,
  DESIGN_REQUEST_MAX_ATTACHMENTS,
  DESIGN_REQUEST_MAX_LINKS,
  DesignRequestInputSchema,
  PRICE_POINTS,
  type DesignRequestInput,
} from '@packsmith/contracts';

/** A style reference the requester uploaded: its URL (what the request sends) and its size for the thumbnail's label. */
export interface ReferenceImage {
  url: string;
  width: number;
  height: number;
}

/** What the form holds: text as typed (quantity too), so a draft restores exactly what was on screen. */
export interface DesignRequestForm {
  name: string;
  email: string;
  company: string;
  country: string;
  product: string;
  brand: string;
  packaging_type: string;
  size: string;
  quantity: string;
  target_market: string;
  price_point: string;
  services: string[];
  links: string[];
  attachments: ReferenceImage[];
  deadline: string;
  budget: string;
  notes: string;
}

export type FieldName = keyof DesignRequestForm;
export type FormErrors = Partial<Record<FieldName, string>>;

export const EMPTY_FORM: DesignRequestForm = {
  name: '',
  email: '',
  company: '',
  country: '',
  product: '',
  brand: '',
  packaging_type: '',
  size: '',
  quantity: '',
  target_market: '',
  price_point: '',
  services: [],
  links: [''],
  attachments: [],
  deadline: '',
  budget: '',
  notes: '',
};

/** The order the fields appear on the page: the first invalid one gets the focus. */
export const FIELD_ORDER: readonly FieldName[] = [
  'name',
  'email',
  'company',
  'country',
  'product',
  'brand',
  'packaging_type',
  'size',
  'quantity',
  'target_market',
  'price_point',
  'services',
  'attachments',
  'links',
  'deadline',
  'budget',
  'notes',
];

/** The DOM id of a field's control (and `${id}-error` for its message). */
export const fieldId = (field: FieldName) => `dr-${field.replace(/_/g, '-')}`;

const priceSlugs: readonly string[] = PRICE_POINTS.map((p) => p.slug);
const budgetSlugs: readonly string[] = BUDGET_RANGES.map((b) => b.slug);

/** The call's input: blank optional choices left out, links without the empty rows. */
export function toInput(form: DesignRequestForm): DesignRequestInput {
  // Thousands separators people type (5,000 / 5 000 / 5'000); a dot stays, so 2.5 is refused as not whole.
  const quantity = form.quantity.replace(/[\s,_']/g, '');
  return {
    name: form.name,
    email: form.email,
    company: form.company,
    country: form.country,
    product: form.product,
    brand: form.brand,
    packaging_type: form.packaging_type,
    size: form.size,
    // A blank quantity must read as missing, not as 0 (z.coerce turns '' into 0).
    quantity: quantity === '' ? Number.NaN : Number(quantity),
    target_market: form.target_market,
    ...(priceSlugs.includes(form.price_point) ? { price_point: form.price_point as DesignRequestInput['price_point'] } : {}),
    services: form.services as DesignRequestInput['services'],
    links: form.links.map((l) => l.trim()).filter((l) => l !== ''),
    attachments: form.attachments.map((a) => a.url),
    deadline: form.deadline,
    ...(budgetSlugs.includes(form.budget) ? { budget: form.budget as DesignRequestInput['budget'] } : {}),
    notes: form.notes,
  };
}

/** Today in the visitor's own calendar, as YYYY-MM-DD (what a date input holds). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const QUANTITY_MESSAGES = new Set(['quantity must be a number.', 'Invalid input: expected number, received NaN']);

/**
 * The contract schema's messages per field (first one wins), the same words the server answers,
 * plus the deadline against today's date.
 */
export function validate(form: DesignRequestForm, today = localToday()): FormErrors {
  const out: FormErrors = {};
  const result = DesignRequestInputSchema.safeParse(toInput(form));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '') as FieldName;
      if (!FIELD_ORDER.includes(field) || field in out) continue;
      out[field] =
        field === 'quantity' && (form.quantity.trim() === '' || QUANTITY_MESSAGES.has(issue.message)) ? quantityMessage(form.quantity) : issue.message;
    }
  }
  if (!out.deadline && form.deadline !== '' && form.deadline < today) out.deadline = 'deadline: pick today or a later date.';
  return out;
}

function quantityMessage(typed: string): string {
  return typed.trim() === '' ? 'quantity is required: about how many packs?' : 'quantity must be a whole number.';
}

/**
 * The field a server message names ("notes: …", "email is required.", "attachments[1]: …"), so a
 * refusal the client did not foresee still lands under its field.
 */
export function fieldOfMessage(msg: string): FieldName | null {
  const m = /^([a-z_]+)(?:\[\d+\]|\.\d+)?(?::|\s)/.exec(msg);
  const name = m?.[1] as FieldName | undefined;
  return name && FIELD_ORDER.includes(name) ? name : null;
}

export function firstInvalid(errors: FormErrors): FieldName | null {
  return FIELD_ORDER.find((f) => errors[f]) ?? null;
}

// --- the draft: kept in sessionStorage so a reload (or an accidental back) does not lose the form ---

export const DRAFT_KEY = 'packsmith_design_request_draft';

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const isImage = (v: unknown): v is ReferenceImage =>
  typeof v === 'object' && v !== null && typeof (v as ReferenceImage).url === 'string' && typeof (v as ReferenceImage).width === 'number';

/** A stored draft read back field by field: anything of the wrong shape falls back to empty. */
export function parseDraft(raw: string | null): DesignRequestForm | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const text = (k: FieldName) => {
    const x = v[k];
    return typeof x === 'string' ? x : '';
  };
  const links = strings(v.links).slice(0, DESIGN_REQUEST_MAX_LINKS);
  return {
    ...EMPTY_FORM,
    name: text('name'),
    email: text('email'),
    company: text('company'),
    country: text('country'),
    product: text('product'),
    brand: text('brand'),
    packaging_type: text('packaging_type'),
    size: text('size'),
    quantity: text('quantity'),
    target_market: text('target_market'),
    price_point: text('price_point'),
    services: strings(v.services),
    links: links.length ? links : [''],
    attachments: Array.isArray(v.attachments) ? v.attachments.filter(isImage).slice(0, DESIGN_REQUEST_MAX_ATTACHMENTS) : [],
    deadline: text('deadline'),
    budget: text('budget'),
    notes: text('notes'),
  };
}

export function isBlank(form: DesignRequestForm): boolean {
  return JSON.stringify(form) === JSON.stringify(EMPTY_FORM);
}

export const draftStore = {
  load(): DesignRequestForm | null {
    try {
      return parseDraft(window.sessionStorage.getItem(DRAFT_KEY));
    } catch {
      return null;
    }
  },
  save(form: DesignRequestForm): void {
    try {
      if (isBlank(form)) window.sessionStorage.removeItem(DRAFT_KEY);
      else window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify(form));
    } catch {
      // storage blocked or full: the form still works, only the draft is not kept
    }
  },
  clear(): void {
    try {
      window.sessionStorage.removeItem(DRAFT_KEY);
    } catch {
      // nothing to clear
    }
  },
};
