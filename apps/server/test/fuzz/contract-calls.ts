import type { z } from 'zod';
import {
  accessCalls,
  billingCalls,
  chatCalls,
  editorCalls,
  fileCalls,
  generateCalls,
  ideaCalls,
  imageToolCalls,
  mockupCalls,
  nutritionCalls,
  photoshootCalls,
  projectCalls,
  quotationCalls,
  requestCalls,
  userCalls,
  type CallDef,
} from '@packsmith/contracts';

/** A contract call with the name it is exported under (`project.update`), for reports. */
export interface NamedCall {
  name: string;
  call: CallDef;
}

const NAMESPACES = {
  user: userCalls,
  project: projectCalls,
  files: fileCalls,
  generate: generateCalls,
  chat: chatCalls,
  access: accessCalls,
  photoshoot: photoshootCalls,
  mockup: mockupCalls,
  imageTools: imageToolCalls,
  // Pay, credits, redeem codes, API keys and the admin area.
  billing: billingCalls,
  // The quotation, the factory directory and the print order.
  quotation: quotationCalls,
  // The design request form, its subjects, the font list and the design requests' admin calls.
  request: requestCalls,
  // The design-idea gallery and its admin curation.
  idea: ideaCalls,
  // The nutrition label generator: compute, saved labels, downloads and own ingredients.
  nutrition: nutritionCalls,
  // The AI packaging editor: documents, named versions, exports and panel redesigns (opening is access.editorOpen).
  editor: editorCalls,
} as const;

function isCallDef(v: unknown): v is CallDef {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return typeof r.method === 'string' && typeof r.path === 'string' && typeof r.auth === 'string' && typeof r.input === 'object' && typeof r.data === 'object';
}

/**
 * Every call the contracts export, found by shape rather than listed by hand, so a call added to any
 * calls/*.ts module is fuzzed without anyone remembering to add it here. The fuzz suite also checks
 * this list against the server's OpenAPI document (routes registered without a contract are named there).
 */
export function allCalls(): NamedCall[] {
  const out: NamedCall[] = [];
  for (const [ns, mod] of Object.entries(NAMESPACES)) {
    for (const [name, value] of Object.entries(mod)) if (isCallDef(value)) out.push({ name: `${ns}.${name}`, call: value });
  }
  return out;
}

// --- a small walker over zod v4 schemas (their `def`), enough for the shapes the contracts use ---

/** The parts of a zod v4 `def` this walker reads; everything else is left alone. */
export interface ZodDefLike {
  type: string;
  shape?: Record<string, ZodLike>;
  innerType?: ZodLike;
  element?: ZodLike;
  options?: ZodLike[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  in?: ZodLike;
  out?: ZodLike;
  checks?: { _zod: { def: { check: string; value?: number; minimum?: number; maximum?: number } } }[];
  valueType?: ZodLike;
}
export interface ZodLike {
  _zod: { def: ZodDefLike };
}

export const defOf = (schema: z.ZodType | ZodLike): ZodDefLike => schema._zod.def;

/** Unwraps optional/default/nullable/pipe wrappers down to the schema that says what the value is. */
export function unwrap(schema: ZodLike): ZodLike {
  let s = schema;
  for (let i = 0; i < 20; i++) {
    const d = s._zod.def;
    if (
      (d.type === 'optional' || d.type === 'default' || d.type === 'nullable' || d.type === 'prefault' || d.type === 'readonly' || d.type === 'catch') &&
      d.innerType
    )
      s = d.innerType;
    else if (d.type === 'pipe' && d.in) s = d.in;
    else break;
  }
  return s;
}

/** Top-level fields of a call's input object (empty for non-object inputs). */
export function inputShape(call: CallDef): Record<string, ZodLike> {
  const d = defOf(unwrap(call.input));
  return d.type === 'object' && d.shape ? d.shape : {};
}

/** Every field path of an input, nested objects included (`data.logo`), with its unwrapped schema. */
export function fieldPaths(schema: ZodLike, prefix = ''): { path: string; schema: ZodLike }[] {
  const d = defOf(unwrap(schema));
  if (d.type !== 'object' || !d.shape) return [];
  const out: { path: string; schema: ZodLike }[] = [];
  for (const [k, v] of Object.entries(d.shape)) {
    const p = prefix ? `${prefix}.${k}` : k;
    out.push({ path: p, schema: unwrap(v) });
    out.push(...fieldPaths(v, p));
  }
  return out;
}

/** `:provider` style path parameters of a call. */
export const pathParams = (call: CallDef): string[] => [...call.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
