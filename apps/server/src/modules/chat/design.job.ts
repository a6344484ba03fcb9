import { z } from 'zod';
import { DESIGN_PROMPT_COST, DesignBriefSchema, type ChatMessage, type DesignResult, type GenerateRecord } from '@packsmith/contracts';
import type { Transact } from '../../db/transact.js';
import type { ProjectEmitter } from '../../realtime/emitter.js';
import type { FileService } from '../files/index.js';
import { JobFailure, type RecordJob, type RecordJobContext } from '../generate/index.js';
import type { ProjectAccess } from '../project/index.js';
import type { ChatRepo } from './chat.repo.js';
import { toChatMessageDto } from './chat.dto.js';
import { productLine } from './product-line.js';
import { likedSignals, type DesignFacesMeta, type DesignMeta, type LikedSignals } from './design-brief.js';
import { type DesignImagery, type ImagerySource, type StoredImagery, StoredImagerySchema } from '../../engines/imagery/design-imagery.js';
import { DesignRejected, backdropAspectOf, type DesignPipeline, type RenderedDesign } from './design-pipeline.js';
import { createDesignResults, type DesignResultsTx } from './design-results.js';

/** Packshots and flat fronts are made at this size (longest side, px). */
export const DESIGN_IMAGE_SIZE = 1024;

export const DesignJobMsg = {
  failed: 'Sorry, I could not finish these designs. Your credits were returned; please try again.',
  projectGone: 'This project was deleted, so the designs were not made.',
  rejected: (why: string) => `Sorry, I could not design this: ${why} Your credits were returned.`,
  answer: (n: number, brand: string) =>
    `Here ${n === 1 ? 'is 1 design' : `are ${n} designs`} for ${brand}. Like the ones you prefer: I will lean towards them next time.`,
  editAnswer: (n: number) => `Here ${n === 1 ? 'is your edited design' : `are ${n} versions of your edited design`}.`,
} as const;

/** An edit starts from one design: its layout and palette are kept unless the words change them. */
export const DesignEditSourceSchema = z.object({
  image_url: z.string(),
  layout_id: z.string(),
  palette: z.array(z.string()),
  keep_palette: z.boolean(),
  /** The edited design's imagery (from an image engine): kept, or repainted in its art zone. */
  imagery: StoredImagerySchema.nullable().default(null),
  /** The words changed what the imagery shows (product, elements, style or colours). */
  repaint: z.boolean().default(false),
});

export const DesignJobInputSchema = z.object({
  brief: DesignBriefSchema,
  seed: z.number().int().min(0),
  /** Designs to make: the plan's designs per prompt, capped by the user's setting (fixed when charged). */
  count: z.number().int().min(1).max(8),
  edit: DesignEditSourceSchema.nullable().default(null),
});
export type DesignJobInput = z.output<typeof DesignJobInputSchema>;

export interface DesignJobDeps {
  chat: Pick<ChatRepo, 'find' | 'append'>;
  /** An answer is committed with the project's results (design-results.ts). */
  transact: Transact<DesignResultsTx>;
  access: Pick<ProjectAccess, 'load'>;
  files: Pick<FileService, 'saveGenerated' | 'saveGeneratedAsset' | 'resolveOwnedImage' | 'read'>;
  realtime: ProjectEmitter;
  pipeline: DesignPipeline;
  /** Imagery from the configured image engine (IMAGE_PROVIDER); null or absent = the procedural engine alone. */
  imagery?: DesignImagery | null;
  log: { warn(obj: Record<string, unknown>, msg: string): void };
}

/** Share of a design job's progress bar the image engine takes when one is asked. */
const IMAGERY_PROGRESS = 28;

export const answerMessageId = (recordId: string): string => `ans_${recordId}`;
export const errorMessageId = (recordId: string): string => `err_${recordId}`;

/**
 * The `design` and `design_edit` record kinds: brief → pipeline → stored packshots, fronts and
 * dielines → one list appended to project.result_list and an `answer` message in the chat. A
 * failure leaves an `error` message (the generate service refunds the credits).
 */
export function createDesignJobs(deps: DesignJobDeps): RecordJob<DesignJobInput>[] {
  const { chat } = deps;
  const results = createDesignResults({ transact: deps.transact });

  function emit(message: ChatMessage): void {
    try {
      deps.realtime.emitToProject(message.project_id, 'chat:message', message);
    } catch (err) {
      // History still has it; the next load shows it.
      deps.log.warn({ err, msgId: message.msg_id }, 'chat: emit failed');
    }
  }

  async function logoBytes(userId: string, url: string): Promise<Buffer | undefined> {
    if (url.trim() === '') return undefined;
    try {
      const { key, row } = await deps.files.resolveOwnedImage(userId, url);
      if (row.mime !== 'image/png' && row.mime !== 'image/jpeg') return undefined;
      return await deps.files.read(key);
    } catch (err) {
      // A logo deleted since it was chosen: design without it rather than fail the prompt.
      deps.log.warn({ err, url }, 'design: logo unreadable, designing without it');
      return undefined;
    }
  }

  /** A stored imagery file's bytes (an edited design's), or null — logged — when it is gone. */
  async function storedImagery(userId: string, url: string): Promise<Buffer | null> {
    try {
      const { key } = await deps.files.resolveOwnedImage(userId, url);
      return await deps.files.read(key);
    } catch (err) {
      deps.log.warn({ err, url }, "design: the edited design's imagery is unreadable; editing without it");
      return null;
    }
  }

  /**
   * Imagery per design: an edit keeps (or, when the engine is configured and the words changed
   * it, repaints) its design's imagery; a new prompt asks the engine. Empty when there is none.
   */
  async function imageryFor(ctx: RecordJobContext<DesignJobInput>): Promise<(ImagerySource | null)[]> {
    const { input, signal, userId } = ctx;
    const onProgress = (f: number) => void ctx.reportProgress(2 + Math.max(0, Math.min(1, f)) * IMAGERY_PROGRESS);
    if (input.edit) {
      const stored = input.edit.imagery;
      if (!stored) return [];
      const bytes = await storedImagery(userId, stored.url);
      if (!bytes) return [];
      if (!deps.imagery) return Array.from({ length: input.count }, () => ({ kind: stored.kind, bytes }));
      return deps.imagery.forEdit({
        source: { kind: stored.kind, bytes, zone: stored.zone },
        brief: input.brief,
        count: input.count,
        seed: input.seed,
        repaint: input.edit.repaint,
        signal,
        onProgress,
      });
    }
    if (!deps.imagery) return [];
    return deps.imagery.forNewDesigns({
      brief: input.brief,
      count: input.count,
      seed: input.seed,
      backdropAspect: backdropAspectOf(input.brief.box_id),
      signal,
      onProgress,
    });
  }

  /** The imagery each stored design used, saved once per distinct image; null where none (or saving failed). */
  async function storeImagery(
    userId: string,
    sources: readonly (ImagerySource | null)[],
    rendered: readonly RenderedDesign[],
  ): Promise<(StoredImagery | null)[]> {
    const saved = new Map<Buffer, Promise<string | null>>();
    const save = (bytes: Buffer) => {
      let url = saved.get(bytes);
      if (!url) {
        url = deps.files.saveGenerated(userId, bytes).then(
          (f) => f.url,
          (err: unknown) => {
            deps.log.warn({ err }, 'design: storing imagery failed; its designs cannot repaint it when edited');
            return null;
          },
        );
        saved.set(bytes, url);
      }
      return url;
    };
    return Promise.all(
      rendered.map(async (design, i) => {
        const source = sources[i];
        // An illustration a layout found no room for is not part of the design.
        const zone = source ? design.imagery?.[source.kind] : undefined;
        if (!source || !zone) return null;
        const url = await save(source.bytes);
        return url ? { kind: source.kind, url, zone } : null;
      }),
    );
  }

  async function storeDesign(userId: string, design: RenderedDesign): Promise<{ result: DesignResult; faces: DesignFacesMeta | null }> {
    const packshot = await deps.files.saveGenerated(userId, design.packshotPng);
    const front = await deps.files.saveGenerated(userId, design.frontPng);
    const dieline = await deps.files.saveGeneratedAsset(userId, Buffer.from(design.dielineSvg, 'utf8'), 'svg');
    const atlas = design.faceAtlas;
    const faces = atlas
      ? {
          url: (await deps.files.saveGeneratedAsset(userId, Buffer.from(atlas.svg, 'utf8'), 'svg')).url,
          background: design.palette[0] ?? '#ffffff',
          rects: Object.fromEntries(Object.entries(atlas.rects).map(([role, r]) => [role, { x: r.x, y: r.y, width: r.width, height: r.height }])),
        }
      : null;
    const result = {
      image_url: packshot.url,
      front_url: front.url,
      dieline_url: dieline.url,
      layout_id: design.layoutId,
      palette: design.palette,
    } satisfies DesignResult;
    return { result, faces };
  }

  function likedFor(input: DesignJobInput, project: Parameters<typeof likedSignals>[0]): LikedSignals {
    const liked = likedSignals(project);
    if (!input.edit) return liked;
    // An edit keeps its design's layout first, and its palette unless the words changed the colours.
    return {
      layouts: [input.edit.layout_id, ...liked.layouts.filter((l) => l !== input.edit?.layout_id)],
      palettes: input.edit.keep_palette && input.edit.palette.length > 0 ? [input.edit.palette] : liked.palettes,
    };
  }

  /** The `error` message of a failed record (once: its id is fixed); also the generate service's hook. */
  async function announceFailure(record: GenerateRecord, text: string): Promise<void> {
    if (!record.project_id) return;
    const [row] = await chat.append(record.project_id, [
      { id: errorMessageId(record.id), role: 'assistant', kind: 'error', message: text, data: { record_id: record.id } },
    ]);
    if (row) emit(toChatMessageDto(row));
  }

  async function fail(ctx: RecordJobContext<DesignJobInput>, _projectId: string, text: string): Promise<never> {
    await announceFailure(ctx.record, text);
    throw new JobFailure(text);
  }

  /**
   * The pipeline's designs and the imagery they were rendered with: when the imagery cannot be
   * placed, the designs are rendered without it and `sources` is empty.
   */
  async function render(
    ctx: RecordJobContext<DesignJobInput>,
    project: Parameters<typeof likedSignals>[0],
    imagery: (ImagerySource | null)[],
  ): Promise<RenderedDesigns> {
    const { record, input, userId, signal } = ctx;
    let sources = imagery;
    let rendered: RenderedDesign[];
    const brief = input.brief;
    const from = sources.length > 0 ? 2 + IMAGERY_PROGRESS : 2;
    const request = {
      brief: {
        // The pack prints a short product line; the brief and the design's meta keep the whole text.
        product: productLine(brief.product),
        brand: brief.brand,
        boxId: brief.box_id,
        element: brief.element,
        style: brief.style,
        color: brief.color,
        logo: await logoBytes(userId, brief.logo),
      },
      count: input.count,
      seed: input.seed,
      liked: likedFor(input, project),
      size: DESIGN_IMAGE_SIZE,
      onProgress: (fraction: number) => void ctx.reportProgress(from + Math.max(0, Math.min(1, fraction)) * (85 - from)),
    };
    const withImagery = sources.some((x) => x !== null);
    try {
      rendered = await deps.pipeline(withImagery ? { ...request, imagery: sources.map((x) => (x ? { [x.kind]: x.bytes } : null)) } : request);
    } catch (err) {
      if (signal.aborted || !withImagery) throw err;
      // Imagery the engine could not place (unreadable bytes…): the procedural design still goes out.
      deps.log.warn({ err, recordId: record.id }, 'design: rendering with imagery failed; rendering without it');
      sources = [];
      rendered = await deps.pipeline(request);
    }
    if (rendered.length === 0) throw new Error('the pipeline answered no designs');
    return { rendered, sources };
  }

  /** Stores every design's files and the imagery they used as the user's files (progress 85 → 98). */
  async function storeResults(ctx: RecordJobContext<DesignJobInput>, { rendered, sources }: RenderedDesigns): Promise<StoredDesigns> {
    const imageryOf = await storeImagery(ctx.userId, sources, rendered);
    const designs: DesignResult[] = [];
    const facesOf: (DesignFacesMeta | null)[] = [];
    for (const [i, design] of rendered.entries()) {
      const { result, faces } = await storeDesign(ctx.userId, design);
      designs.push(result);
      facesOf.push(faces);
      await ctx.reportProgress(85 + ((i + 1) / rendered.length) * 13);
    }
    return { designs, imageryOf, facesOf };
  }

  /** Commits the answer with the project's results and emits it; a re-run finds the answer already there. */
  async function commit(
    ctx: RecordJobContext<DesignJobInput>,
    projectId: string,
    { rendered }: RenderedDesigns,
    stored: StoredDesigns,
  ): Promise<Record<string, unknown>> {
    const { record, input } = ctx;
    const { designs } = stored;
    const imageUrls = designs.map((d) => d.image_url);
    const text = input.edit ? DesignJobMsg.editAnswer(designs.length) : DesignJobMsg.answer(designs.length, input.brief.brand);
    const committed = await results.commitAnswer({
      projectId,
      imageUrls,
      message: (promptIndex) => ({
        id: answerMessageId(record.id),
        role: 'assistant',
        kind: 'answer',
        message: text,
        data: { imageUrls, designs, record_id: record.id, prompt_index: promptIndex, ...(input.edit ? { edited_from: input.edit.image_url } : {}) },
      }),
      metaOf: (promptIndex) => designMetas(ctx, rendered, stored, promptIndex),
    });
    if (!committed) {
      const again = await chat.find(answerMessageId(record.id));
      if (again) return recordData(toChatMessageDto(again));
      throw new JobFailure(DesignJobMsg.projectGone);
    }
    const message = toChatMessageDto(committed.message);
    emit(message);
    return recordData(message);
  }

  async function run(ctx: RecordJobContext<DesignJobInput>): Promise<Record<string, unknown>> {
    const { record, signal } = ctx;
    const projectId = record.project_id;
    if (!projectId) throw new JobFailure(DesignJobMsg.projectGone);
    const done = await chat.find(answerMessageId(record.id));
    if (done) return recordData(toChatMessageDto(done));

    const project = await deps.access.load(projectId);
    if (!project) throw new JobFailure(DesignJobMsg.projectGone);
    await ctx.reportProgress(2);

    const imagery = await imageryFor(ctx);
    let made: RenderedDesigns;
    try {
      made = await render(ctx, project, imagery);
    } catch (err) {
      if (signal.aborted) throw err;
      if (err instanceof DesignRejected) return fail(ctx, projectId, DesignJobMsg.rejected(err.message));
      deps.log.warn({ err, recordId: record.id }, 'design: pipeline failed');
      return fail(ctx, projectId, DesignJobMsg.failed);
    }
    signal.throwIfAborted();

    let stored: StoredDesigns;
    try {
      stored = await storeResults(ctx, made);
    } catch (err) {
      if (signal.aborted) throw err;
      deps.log.warn({ err, recordId: record.id }, 'design: storing results failed');
      return fail(ctx, projectId, DesignJobMsg.failed);
    }
    return commit(ctx, projectId, made, stored);
  }

  const base = { cost: DESIGN_PROMPT_COST, input: DesignJobInputSchema, run, announceFailure };
  return [
    { kind: 'design', ...base },
    { kind: 'design_edit', ...base },
  ];
}

/** The record's data: what the answer message holds, so a poller needs no second call. */
function recordData(message: ChatMessage): Record<string, unknown> {
  return { msg_id: message.msg_id, ...message.data };
}

/** What the pipeline made, and the imagery each design was rendered with. */
interface RenderedDesigns {
  rendered: RenderedDesign[];
  sources: (ImagerySource | null)[];
}

/** The stored designs, and the stored imagery each one used (null where none). */
interface StoredDesigns {
  designs: DesignResult[];
  imageryOf: (StoredImagery | null)[];
  /** Each design's faces atlas (null where the pipeline made none). */
  facesOf: (DesignFacesMeta | null)[];
}

/** Each stored design's meta by its packshot URL: what an edit of the design starts from. */
function designMetas(
  ctx: RecordJobContext<DesignJobInput>,
  rendered: readonly RenderedDesign[],
  stored: StoredDesigns,
  promptIndex: number,
): Record<string, DesignMeta> {
  const { record, input } = ctx;
  const { designs, imageryOf, facesOf } = stored;
  return Object.fromEntries(
    designs.map((d, i) => [
      d.image_url,
      {
        layout_id: d.layout_id,
        palette: d.palette,
        product: input.brief.product,
        brand: input.brief.brand,
        style: input.brief.style,
        color: input.brief.color,
        element: input.brief.element,
        box_id: input.brief.box_id,
        seed: input.seed,
        record_id: record.id,
        prompt_index: promptIndex,
        front_url: d.front_url,
        dieline_url: d.dieline_url,
        ...(imageryOf[i] ? { imagery: imageryOf[i] } : {}),
        ...(facesOf[i] ? { faces: facesOf[i] } : {}),
        ...(rendered[i]?.colourShares ? { colour_shares: { ...rendered[i]?.colourShares } } : {}),
        ...(rendered[i]?.seed !== undefined ? { design_seed: rendered[i]?.seed } : {}),
      } satisfies DesignMeta,
    ]),
  );
}
