/**
 * ComfyUI workflows in API format (what "Save (API Format)" exports: node id → {class_type,
 * inputs}) with placeholders the adapter fills per request:
 *
 *   {{prompt}} {{negative_prompt}} {{width}} {{height}} {{seed}} {{batch_size}}  — every workflow
 *   {{image}} {{mask}}                                                          — the inpaint workflow
 *
 * A string value that is exactly one placeholder takes the value's own type (numbers stay
 * numbers); placeholders inside longer strings are replaced as text.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export type WorkflowValue = string | number | boolean | null | WorkflowValue[] | { [key: string]: WorkflowValue };
export type Workflow = Record<string, { class_type: string; inputs: Record<string, WorkflowValue> }>;

export type Placeholder = 'prompt' | 'negative_prompt' | 'width' | 'height' | 'seed' | 'batch_size' | 'image' | 'mask';

const Value: z.ZodType<WorkflowValue> = z.lazy(() => z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(Value), z.record(z.string(), Value)]));
const WorkflowSchema = z.record(z.string(), z.object({ class_type: z.string().min(1), inputs: z.record(z.string(), Value) }).passthrough());

export class WorkflowError extends Error {
  override name = 'WorkflowError';
}

/** The default workflows shipped with the server (SDXL base 1.0: txt2img and inpainting). */
export const DEFAULT_TXT2IMG = new URL('./workflows/txt2img-sdxl.json', import.meta.url);
export const DEFAULT_INPAINT = new URL('./workflows/inpaint-sdxl.json', import.meta.url);

/** Every placeholder used anywhere in the workflow. */
export function placeholdersOf(workflow: Workflow): Set<string> {
  const found = new Set<string>();
  const walk = (v: WorkflowValue): void => {
    if (typeof v === 'string') for (const m of v.matchAll(/\{\{(\w+)\}\}/g)) found.add(m[1]!);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  for (const node of Object.values(workflow)) Object.values(node.inputs).forEach(walk);
  return found;
}

/**
 * Reads and checks a workflow file: API format, a SaveImage-like output node, and the
 * placeholders the adapter needs. `label` names the setting in messages (e.g. COMFYUI_WORKFLOW).
 */
export function loadWorkflow(file: string | URL, label: string, required: readonly Placeholder[]): Workflow {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new WorkflowError(`${label}: cannot read ${String(file)} as JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  const parsed = WorkflowSchema.safeParse(json);
  if (!parsed.success) {
    throw new WorkflowError(
      `${label}: ${String(file)} is not a ComfyUI workflow in API format (node id → {class_type, inputs}); export it with "Save (API Format)"`,
    );
  }
  const workflow = parsed.data as Workflow;
  const present = placeholdersOf(workflow);
  const missing = required.filter((p) => !present.has(p));
  if (missing.length > 0) throw new WorkflowError(`${label}: ${String(file)} lacks the placeholder(s) ${missing.map((p) => `{{${p}}}`).join(', ')}`);
  return workflow;
}

/** A copy of the workflow with the placeholders filled in. */
export function fillWorkflow(workflow: Workflow, values: Partial<Record<Placeholder, string | number>>): Workflow {
  const fill = (v: WorkflowValue): WorkflowValue => {
    if (typeof v === 'string') {
      const whole = /^\{\{(\w+)\}\}$/.exec(v);
      if (whole) {
        const value = values[whole[1] as Placeholder];
        return value === undefined ? v : value;
      }
      return v.replace(/\{\{(\w+)\}\}/g, (m, name: string) => {
        const value = values[name as Placeholder];
        return value === undefined ? m : String(value);
      });
    }
    if (Array.isArray(v)) return v.map(fill);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]));
    return v;
  };
  return Object.fromEntries(
    Object.entries(workflow).map(([id, node]) => [id, { ...node, inputs: Object.fromEntries(Object.entries(node.inputs).map(([k, v]) => [k, fill(v)])) }]),
  );
}

export interface OutputImage {
  filename: string;
  subfolder: string;
  type: string;
}

const HistoryEntry = z.object({
  outputs: z
    .record(
      z.string(),
      z
        .object({ images: z.array(z.object({ filename: z.string(), subfolder: z.string().default(''), type: z.string().default('output') })).optional() })
        .passthrough(),
    )
    .default({}),
  status: z
    .object({ status_str: z.string().optional(), completed: z.boolean().optional(), messages: z.array(z.unknown()).optional() })
    .passthrough()
    .optional(),
});

/**
 * The saved images of a finished prompt from GET /history/{id}, output nodes in id order
 * (previews, type "temp", are skipped). Null while the prompt is not in the history yet.
 */
export function outputImages(history: unknown, promptId: string): { images: OutputImage[]; error: string | null } | null {
  if (!history || typeof history !== 'object') return null;
  const raw = (history as Record<string, unknown>)[promptId];
  if (raw === undefined) return null;
  const entry = HistoryEntry.safeParse(raw);
  if (!entry.success) return { images: [], error: 'unreadable history entry' };
  const status = entry.data.status;
  const error = status?.status_str === 'error' ? 'the workflow failed (history status "error")' : null;
  const ids = Object.keys(entry.data.outputs).sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
  const images = ids.flatMap((id) => (entry.data.outputs[id]?.images ?? []).filter((im) => im.type !== 'temp'));
  return { images, error };
}
