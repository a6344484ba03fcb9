import type { z } from 'zod';

/**
 * Input that PostgreSQL cannot store. A NUL character is refused in `text` columns and as `\u0000`
 * in `jsonb`; an unpaired UTF-16 surrogate has no UTF-8 form, so `jsonb` refuses its `\ud800`
 * escape. Caught at validation they answer code 400 naming the field instead of crashing the query.
 */
export const TextMsg = {
  nul: 'must not contain NUL (\\u0000) characters.',
  surrogate: 'must not contain unpaired UTF-16 surrogates.',
  nulKey: 'must not contain a key with NUL (\\u0000) characters.',
  surrogateKey: 'must not contain a key with unpaired UTF-16 surrogates.',
} as const;

/**
 * Bounds of a free-form JSON field (values typed `unknown` in the contracts, e.g. project data):
 * at most `depth` levels of nesting, `keys` object keys in all, keys of `keyLength` characters,
 * and `bytes` of UTF-8 JSON per request.
 */
export const JSON_LIMITS = { depth: 16, keys: 2000, keyLength: 128, bytes: 256 * 1024 } as const;

/** The stored `data` of one project may not grow beyond this many bytes of UTF-8 JSON. */
export const PROJECT_DATA_MAX_BYTES = 1024 * 1024;

export interface InputIssue {
  path: (string | number)[];
  message: string;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(s: string, key: boolean): string | null {
  if (s.includes('\u0000')) return key ? TextMsg.nulKey : TextMsg.nul;
  if (LONE_SURROGATE.test(s)) return key ? TextMsg.surrogateKey : TextMsg.surrogate;
  return null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Visit {
  v: unknown;
  key: string | number | null;
  parent: Visit | null;
}

/** The path of a visited node; built only for the one reported, so the walk stays linear. */
function pathOf(node: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let n: Visit | null = node; n && n.key !== null; n = n.parent) path.push(n.key);
  return path.reverse();
}

/**
 * The first string or object key in `value` that PostgreSQL cannot store, with its path.
 * Iterative (an explicit stack), so a deeply nested body cannot overflow the call stack.
 */
export function unsafeTextIssue(value: unknown): InputIssue | null {
  const stack: Visit[] = [{ v: value, key: null, parent: null }];
  while (stack.length > 0) {
    const node = stack.pop() as Visit;
    const v = node.v;
    if (typeof v === 'string') {
      const problem = textProblem(v, false);
      if (problem) return { path: pathOf(node), message: problem };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], key: i, parent: node });
    } else if (isRecord(v)) {
      const keys = Object.keys(v);
      for (const k of keys) {
        const problem = textProblem(k, true);
        if (problem) return { path: pathOf(node), message: problem };
      }
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i] as string;
        stack.push({ v: v[k], key: k, parent: node });
      }
    }
  }
  return null;
}

/** UTF-8 bytes of `value` as JSON (what the database stores, give or take whitespace). */
export function jsonByteLength(value: unknown): number {
  const text = JSON.stringify(value) ?? '';
  return new TextEncoder().encode(text).length;
}

/**
 * The first bound of JSON_LIMITS that `value` exceeds (depth and keys first, so the size is only
 * measured once the value is known to be shallow enough to serialise safely).
 */
export function jsonBoundsIssue(value: unknown, limits: { depth: number; keys: number; keyLength: number; bytes: number } = JSON_LIMITS): InputIssue | null {
  let keyCount = 0;
  const stack: { v: unknown; depth: number }[] = [{ v: value, depth: 0 }];
  while (stack.length > 0) {
    const { v, depth } = stack.pop() as { v: unknown; depth: number };
    const children = Array.isArray(v) ? v : isRecord(v) ? Object.values(v) : null;
    if (!children) continue;
    if (depth + 1 > limits.depth) return { path: [], message: `at most ${limits.depth} levels of nesting.` };
    if (isRecord(v)) {
      for (const k of Object.keys(v)) {
        if (k.length > limits.keyLength) return { path: [], message: `keys of at most ${limits.keyLength} characters.` };
      }
      keyCount += Object.keys(v).length;
      if (keyCount > limits.keys) return { path: [], message: `at most ${limits.keys} keys in all.` };
    }
    for (const c of children) stack.push({ v: c, depth: depth + 1 });
  }
  const bytes = jsonByteLength(value);
  if (bytes > limits.bytes) return { path: [], message: `at most ${Math.round(limits.bytes / 1024)} KB (got ${Math.ceil(bytes / 1024)} KB).` };
  return null;
}

/** A superRefine check: rejects strings and keys PostgreSQL cannot store (see TextMsg), naming the path. */
export function rejectUnsafeText(value: unknown, ctx: z.RefinementCtx): void {
  const issue = unsafeTextIssue(value);
  if (issue) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, input: value });
}

/** Bounds a free-form JSON field with JSON_LIMITS; over a bound it answers code 400 naming the field. */
export function boundedJson<T extends z.ZodType>(schema: T): T {
  return schema.superRefine((value, ctx) => {
    const issue = jsonBoundsIssue(value);
    if (issue) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, input: value });
  });
}
