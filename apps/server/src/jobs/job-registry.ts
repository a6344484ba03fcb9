import { z } from 'zod';

/** Every job works on one generate record; the record row holds the real input and the result. */
export const RecordJobPayloadSchema = z.object({ recordId: z.string().min(1).max(64) });
export type RecordJobPayload = z.infer<typeof RecordJobPayloadSchema>;

/**
 * Lanes have separate concurrency limits, so a few slow CPU-heavy jobs (cut-outs, upscales) cannot
 * hold every slot while light jobs wait behind them.
 */
export const JOB_LANES = ['default', 'heavy'] as const;
export type JobLane = (typeof JOB_LANES)[number];

/**
 * The typed map of job names (immich: a union of job names → payloads). Adding a job here without a
 * handler fails the boot check in createJobRegistry; the payload schema re-validates what comes back
 * from Redis.
 */
export const JOB_DEFINITIONS = {
  selftest: { lane: 'default', payload: RecordJobPayloadSchema },
  /** Design chat: designs for a brief, and edits of a chosen design (modules/chat/design.job.ts). */
  design: { lane: 'default', payload: RecordJobPayloadSchema },
  design_edit: { lane: 'default', payload: RecordJobPayloadSchema },
  /** Photo shoot (modules/photoshoot): the cut-out runs a segmentation model, so it takes the heavy lane. */
  photoshoot_cutout: { lane: 'heavy', payload: RecordJobPayloadSchema },
  photoshoot_composite: { lane: 'default', payload: RecordJobPayloadSchema },
  /** Mockup studio (modules/mockup): a render applies designs through decoded maps (~0.1–0.5 s); a custom template runs the cut-out model. */
  mockup_render: { lane: 'default', payload: RecordJobPayloadSchema },
  mockup_custom: { lane: 'heavy', payload: RecordJobPayloadSchema },
  /** AI image tools (modules/image-tools): inpainting, segmentation, cut-outs and upscales are CPU-heavy; the prompt tools are light. */
  image_erase: { lane: 'heavy', payload: RecordJobPayloadSchema },
  image_fill: { lane: 'heavy', payload: RecordJobPayloadSchema },
  image_removebg: { lane: 'heavy', payload: RecordJobPayloadSchema },
  image_segment: { lane: 'heavy', payload: RecordJobPayloadSchema },
  image_upscale: { lane: 'heavy', payload: RecordJobPayloadSchema },
  image_edit: { lane: 'default', payload: RecordJobPayloadSchema },
  image_image2image: { lane: 'default', payload: RecordJobPayloadSchema },
  image_text2image: { lane: 'default', payload: RecordJobPayloadSchema },
  image_text: { lane: 'default', payload: RecordJobPayloadSchema },
  image_composite_text: { lane: 'default', payload: RecordJobPayloadSchema },
  /** AI packaging editor (modules/editor): a 300 dpi raster of the sheet (and the PDF around it) takes seconds of resvg. */
  editor_export: { lane: 'heavy', payload: RecordJobPayloadSchema },
} as const satisfies Record<string, { lane: JobLane; payload: z.ZodType<RecordJobPayload> }>;

export type JobName = keyof typeof JOB_DEFINITIONS;
export type JobPayloads = { [N in JobName]: z.infer<(typeof JOB_DEFINITIONS)[N]['payload']> };
export const JOB_NAMES = Object.keys(JOB_DEFINITIONS) as JobName[];

/** Static, so an enqueue-only process (ROLE=api) routes jobs without knowing their handlers. */
export function jobLane(name: JobName): JobLane {
  return JOB_DEFINITIONS[name].lane;
}

export function isJobName(name: string): name is JobName {
  return Object.hasOwn(JOB_DEFINITIONS, name);
}

export interface JobRunContext {
  /** Aborted when the process shuts down before the job finished; the job should stop promptly. */
  signal: AbortSignal;
}

export interface JobHandler<N extends JobName = JobName> {
  name: N;
  handle(payload: JobPayloads[N], ctx: JobRunContext): Promise<void>;
}

export class JobRegistryError extends Error {
  override name = 'JobRegistryError';
}

export interface JobRegistry {
  readonly names: readonly JobName[];
  handlerFor<N extends JobName>(name: N): JobHandler<N>;
  parsePayload<N extends JobName>(name: N, data: unknown): JobPayloads[N];
}

/**
 * Checked at boot: every job name has exactly one handler and every handler names a known job, so a
 * forgotten or doubled registration stops the server instead of leaving records queued forever.
 * `names` is only overridden by tests of the check itself.
 */
export function createJobRegistry(handlers: readonly JobHandler[], names: readonly string[] = JOB_NAMES): JobRegistry {
  const byName = new Map<string, JobHandler>();
  const problems: string[] = [];
  for (const handler of handlers) {
    if (!names.includes(handler.name)) problems.push(`a handler is registered for unknown job "${handler.name}"`);
    else if (byName.has(handler.name)) problems.push(`job "${handler.name}" has two handlers`);
    else byName.set(handler.name, handler);
  }
  for (const name of names) if (!byName.has(name)) problems.push(`job "${name}" has no handler`);
  if (problems.length > 0) {
    throw new JobRegistryError(`Job registry is inconsistent: ${problems.join('; ')}. Register exactly one handler per job name in JOB_DEFINITIONS.`);
  }
  return {
    names: names.filter(isJobName),
    handlerFor<N extends JobName>(name: N): JobHandler<N> {
      const handler = byName.get(name);
      if (!handler) throw new JobRegistryError(`job "${name}" has no handler`);
      // The boot check above keyed each handler by its own name, so this one handles N.
      return handler as unknown as JobHandler<N>;
    },
    parsePayload: <N extends JobName>(name: N, data: unknown) => JOB_DEFINITIONS[name].payload.parse(data),
  };
}
