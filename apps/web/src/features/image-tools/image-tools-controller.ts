import { ImageToolDataSchema, type GenerateRecord } from '@packsmith/contracts';
import { ApiError } from '../../api/error-catalogue';
import { getSocket } from '../../api/realtime';
import { uploadMask } from '../../api/upload';
import { UploadRejected } from '../../api/upload-rules';
import { pollRecord, type PollOutcome } from '../chat/record-poller';
import type { Size } from './geometry';
import type { ImageToolsStoreApi } from './image-tools.store';
import { exportMask, MaskExportError, type Stroke } from './mask';
import {
  buildRequest,
  currentSize,
  fetchKeywords,
  missingInput,
  sendToolRequest,
  type ImageKeywords,
  type ToolAnswer,
  type ToolRequest,
} from './tool-requests';
import { SEGMENT_EMPTY_TEXT, TOOL_FAILED_TEXT, TOOL_INFO, TOOL_SLOW_TEXT, type PanelTool } from './tools';

/** The I/O the controller uses; tests give their own. */
export interface ImageToolsIo {
  send(req: ToolRequest): Promise<ToolAnswer>;
  /** Follows a record (GET /api/generate/record every RECORD_POLL_MS) until it ends. */
  poll(recordId: string, onUpdate: (record: GenerateRecord) => void, signal: AbortSignal): Promise<PollOutcome>;
  exportMask(strokes: readonly Stroke[], size: Size): Promise<Blob>;
  /** Uploads the mask PNG; resolves its URL. */
  uploadMask(mask: Blob, size: Size): Promise<string>;
  /** Socket progress of records (generate:progress); returns the unsubscribe. */
  onProgress(listener: (recordId: string, progress: number) => void): () => void;
  /** GET /api/vector/search/keyword: an image's keywords and colours. */
  keywords(input: { project_id: string; image_url: string }, signal: AbortSignal): Promise<ImageKeywords>;
}

const NO_PROJECT_TEXT = 'Make a mockup first: the editor works on the images of a project.';

class NoProjectError extends Error {
  constructor() {
    super(NO_PROJECT_TEXT);
  }
}

export const defaultImageToolsIo: ImageToolsIo = {
  send: sendToolRequest,
  poll: (recordId, onUpdate, signal) => pollRecord(recordId, { onUpdate, signal }),
  exportMask,
  uploadMask: async (mask, size) => (await uploadMask(mask, size)).url,
  keywords: fetchKeywords,
  onProgress(listener) {
    const socket = getSocket();
    const handler = (p: { record_id: string; progress: number }) => listener(p.record_id, p.progress);
    socket.on('generate:progress', handler);
    return () => {
      socket.off('generate:progress', handler);
    };
  },
};

export interface ImageToolsController {
  readonly store: ImageToolsStoreApi;
  /**
   * Runs the active tool on the current step: uploads the painted mask (erase, fill), starts the call,
   * follows its record's progress and adds the new image as a step. Resolves whether a step was added.
   * Errors are said in the server's words; a 450 also opens the pay modal (the API client's catalogue).
   */
  run(options?: { scale?: 2 | 4 }): Promise<boolean>;
  /** The keywords and colours of an image of the project (the Keywords section). */
  keywords(imageUrl: string, signal: AbortSignal): Promise<ImageKeywords>;
  dispose(): void;
}

interface ControllerDeps {
  store: ImageToolsStoreApi;
  io?: ImageToolsIo;
  /** A new image was made (e.g. the mockup studio lists it with its results). */
  onResult?(url: string): void;
  /** A project to work in when the panel has none yet (an empty panel opened before any mockup); null when that failed. */
  ensureProject?(): Promise<string | null>;
}

export function createImageToolsController({ store, io = defaultImageToolsIo, onResult, ensureProject }: ControllerDeps): ImageToolsController {
  const state = () => store.getState();
  // The run in flight's: dispose stops following it (a later mount may run tools again).
  let abort = new AbortController();
  let unlisten: (() => void) | null = null;

  function progress(recordId: string, value: number) {
    const run = state().run;
    if (run && run.recordId === recordId && value > run.progress) state().patch({ run: { ...run, progress: Math.min(100, value) } });
  }

  function finish(outcome: PollOutcome, tool: PanelTool): boolean {
    if (outcome.kind === 'cancelled') return false;
    if (outcome.kind === 'gave-up') {
      state().patch({ error: TOOL_SLOW_TEXT });
      return false;
    }
    if (outcome.kind === 'refused') {
      state().patch({ error: outcome.error.message });
      return false;
    }
    if (outcome.kind === 'failed') {
      state().patch({ error: outcome.record.error || TOOL_FAILED_TEXT });
      return false;
    }
    const parsed = ImageToolDataSchema.safeParse(outcome.record.data);
    if (!parsed.success) {
      state().patch({ error: TOOL_FAILED_TEXT });
      return false;
    }
    const data = parsed.data;
    const url = data.imageUrls[0];
    if (!url) {
      // SPEC §8: a segment box that finds nothing resolves empty; that is news, not an error.
      state().patch(tool === 'segment' ? { notice: SEGMENT_EMPTY_TEXT } : { error: TOOL_FAILED_TEXT });
      return false;
    }
    // Moving between steps is locked while a tool runs, so the new step follows the one it was made from.
    state().addStep({
      url,
      tool: data.tool,
      width: data.width || null,
      height: data.height || null,
      ...(data.mask_url ? { maskUrl: data.mask_url } : {}),
      ...(data.note ? { note: data.note } : {}),
    });
    onResult?.(url);
    return true;
  }

  async function run(options: { scale?: 2 | 4 } = {}): Promise<boolean> {
    const s = state();
    const tool = s.tool;
    // Only Create from words works without an image.
    if (s.run || !tool || (!s.history && !TOOL_INFO[tool].standalone)) return false;
    const missing = missingInput(s);
    if (missing) {
      s.patch({ error: missing, notice: null });
      return false;
    }
    if (!s.projectId && !ensureProject) {
      s.patch({ error: NO_PROJECT_TEXT });
      return false;
    }
    s.patch({ run: { tool, progress: 0, recordId: null }, error: null, notice: null });
    abort = new AbortController();
    const { signal } = abort;
    try {
      if (!state().projectId) {
        const projectId = await ensureProject?.();
        if (!projectId) throw new NoProjectError();
        state().patch({ projectId });
      }
      let maskUrl: string | undefined;
      if (TOOL_INFO[tool].brush) {
        const size = currentSize(state());
        if (!size) throw new MaskExportError();
        maskUrl = await io.uploadMask(await io.exportMask(state().strokes, size), size);
      }
      const request = buildRequest(state(), tool, { maskUrl, scale: options.scale });
      const answer = await io.send(request);
      const record = answer.record;
      const current = state().run;
      if (current) state().patch({ run: { ...current, recordId: record.id, progress: Math.max(current.progress, record.progress) } });
      unlisten ??= io.onProgress(progress);
      // A quick engine may have finished before it answered.
      const outcome: PollOutcome =
        record.data !== null
          ? { kind: 'done', record }
          : record.status === 'failed'
            ? { kind: 'failed', record }
            : await io.poll(record.id, (r) => progress(r.id, r.progress), signal);
      return signal.aborted ? false : finish(outcome, tool);
    } catch (err) {
      const message =
        err instanceof ApiError || err instanceof UploadRejected || err instanceof MaskExportError || err instanceof NoProjectError
          ? err.message
          : TOOL_FAILED_TEXT;
      if (!signal.aborted) state().patch({ error: message });
      return false;
    } finally {
      state().patch({ run: null });
    }
  }

  return {
    store,
    run,
    keywords(imageUrl, signal) {
      const projectId = state().projectId;
      if (!projectId) return Promise.reject(new NoProjectError());
      return io.keywords({ project_id: projectId, image_url: imageUrl }, signal);
    },
    dispose() {
      abort.abort();
      unlisten?.();
      unlisten = null;
    },
  };
}
