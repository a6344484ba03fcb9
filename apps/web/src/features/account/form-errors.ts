import type { z } from 'zod';

export type FieldErrors = Partial<Record<string, string>>;

/**
 * The contract schema's messages per field (first message wins), so the form says exactly what the
 * server would say, before a request is made.
 */
export function fieldErrors(schema: z.ZodType, values: unknown, only?: readonly string[]): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const out: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (only && !only.includes(field)) continue;
    if (!(field in out)) out[field] = issue.message;
  }
  return out;
}
