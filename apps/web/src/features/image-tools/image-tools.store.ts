import { createStore, type StoreApi } from 'zustand';
import { DEFAULT_ERASE_SCALE, type AspectRatio, type ImageBox, type TEXT2IMAGE_STYLES } from '@packsmith/contracts';
import { clampEraseScale } from './geometry';
import type { Stroke } from './mask';
import { addStep, back, forward, goTo, historyOf, startHistory, withSize, type Step, type StepHistory } from './step-history';
import type { PanelTool } from './tools';

export type Text2ImageStyle = (typeof TEXT2IMAGE_STYLES)[number];

/** A tool on its way: its record's progress (0–100) while the server works. */
export interface ToolRun {
  tool: PanelTool;
  progress: number;
  recordId: string | null;
}

/**
 * One image editor screen: the step history, the active tool and its inputs (strokes, box, prompt,
 * text), and the run in progress. Strokes and the box belong to the current step's image: moving to
 * another step drops them.
 */
export interface ImageToolsState {
  projectId: string | null;
  /** null until there is an image to edit. */
  history: StepHistory | null;
  tool: PanelTool | null;
  /** SPEC §3 mockupConfig.eraseScale: brush diameter in px at 1024 px of image width. */
  eraseScale: number;
  strokes: readonly Stroke[];
  /** Strokes undone, newest last (redo takes them back); a new stroke empties it. */
  undone: readonly Stroke[];
  box: ImageBox | null;
  prompt: string;
  text: string;
  /** Hex colour for Add text; null: the server picks a readable one. */
  color: string | null;
  /** The mockup template the image was made on, when known (Add text can then go on the pack). */
  templateId: string | null;
  /** Add text on the pack through the template's UV map (composite/text with product), not on the image. */
  onPack: boolean;
  /** Create from words: the new image's aspect ratio and style. */
  aspectRatio: AspectRatio;
  style: Text2ImageStyle;
  run: ToolRun | null;
  /** The server's words when a tool failed. */
  error: string | null;
  /** Something to say that is not an error (segment found nothing). */
  notice: string | null;
}

export interface ImageToolsActions {
  patch(values: Partial<ImageToolsState>): void;
  /** Starts editing `url` afresh (the original is step 0); null: an empty panel (only Create from words). */
  open(url: string | null, projectId: string | null, templateId?: string | null): void;
  chooseTool(tool: PanelTool | null): void;
  setEraseScale(scale: number): void;
  addStroke(stroke: Stroke): void;
  undoStroke(): void;
  redoStroke(): void;
  clearStrokes(): void;
  addStep(step: Step): void;
  back(): void;
  forward(): void;
  goToStep(index: number): void;
  /** A step's image loaded: its natural size. */
  setSize(url: string, width: number, height: number): void;
}

export type ImageToolsStore = ImageToolsState & ImageToolsActions;
export type ImageToolsStoreApi = StoreApi<ImageToolsStore>;

const cleanInputs = { strokes: [], undone: [], box: null } as const;

function initial(): ImageToolsState {
  return {
    projectId: null,
    history: null,
    tool: null,
    eraseScale: DEFAULT_ERASE_SCALE,
    ...cleanInputs,
    prompt: '',
    text: '',
    color: null,
    templateId: null,
    onPack: false,
    aspectRatio: '1:1',
    style: 'auto',
    run: null,
    error: null,
    notice: null,
  };
}

export function createImageToolsStore(eraseScale: number = DEFAULT_ERASE_SCALE): ImageToolsStoreApi {
  return createStore<ImageToolsStore>()((set, get) => {
    const move = (next: (h: StepHistory) => StepHistory) => {
      const { history, run } = get();
      if (!history || run) return;
      const moved = next(history);
      if (moved.current !== history.current) set({ history: moved, ...cleanInputs, error: null, notice: null });
    };
    return {
      ...initial(),
      eraseScale: clampEraseScale(eraseScale),
      patch: (values) => set(values),
      open: (url, projectId, templateId = null) =>
        set({
          ...initial(),
          eraseScale: get().eraseScale,
          projectId,
          templateId,
          history: url ? startHistory(url) : null,
          tool: url ? null : 'text2image',
        }),
      chooseTool: (tool) => {
        const { run, history } = get();
        if (run || (!history && tool !== null && tool !== 'text2image')) return;
        set({ tool, error: null, notice: null, ...(tool === 'segment' ? {} : { box: null }) });
      },
      setEraseScale: (scale) => set({ eraseScale: clampEraseScale(scale) }),
      addStroke: (stroke) => {
        if (stroke.points.length > 0) set({ strokes: [...get().strokes, stroke], undone: [] });
      },
      undoStroke: () => {
        const { strokes, undone } = get();
        const last = strokes[strokes.length - 1];
        if (last) set({ strokes: strokes.slice(0, -1), undone: [...undone, last] });
      },
      redoStroke: () => {
        const { strokes, undone } = get();
        const last = undone[undone.length - 1];
        if (last) set({ strokes: [...strokes, last], undone: undone.slice(0, -1) });
      },
      clearStrokes: () => set({ strokes: [], undone: [] }),
      addStep: (step) => {
        const { history } = get();
        set({ history: history ? addStep(history, step) : historyOf(step), ...cleanInputs });
      },
      back: () => move(back),
      forward: () => move(forward),
      goToStep: (index) => move((h) => goTo(h, index)),
      setSize: (url, width, height) => {
        const { history } = get();
        if (history) {
          const next = withSize(history, url, width, height);
          if (next !== history) set({ history: next });
        }
      },
    };
  });
}
