import { useMemo, useState, type KeyboardEvent } from 'react';
import { useImageTools, useImageToolsController } from '../image-tools-context';
import { currentSize } from '../tool-requests';
import { currentStep, previousStep } from '../step-history';
import { EMPTY_PANEL_TEXT, TOOL_INFO } from '../tools';
import { BoxSelector } from './BoxSelector';
import { MaskPainter } from './MaskPainter';

/**
 * The current step large, fitted to the screen, with the active tool's layer over it (the brush's
 * mask, or the box). "Hold to compare" shows the step before it while pressed.
 */
export function ImageCanvas() {
  const { store } = useImageToolsController();
  const history = useImageTools((s) => s.history);
  const tool = useImageTools((s) => s.tool);
  // Primitives from the store (a new object per read would re-render for ever).
  const width = useImageTools((s) => currentSize(s)?.width ?? null);
  const height = useImageTools((s) => currentSize(s)?.height ?? null);
  const size = useMemo(() => (width && height ? { width, height } : null), [width, height]);
  const running = useImageTools((s) => s.run !== null);
  const [comparing, setComparing] = useState(false);
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);

  if (!history) {
    return (
      <div
        className="flex aspect-[4/3] items-center justify-center rounded-xl border border-dashed border-slate-300 bg-slate-50 p-6 text-center text-sm text-slate-500"
        data-testid="editor-empty"
      >
        {EMPTY_PANEL_TEXT}
      </div>
    );
  }
  const step = currentStep(history);
  const before = previousStep(history);
  const shown = comparing && before ? before : step;
  const brush = tool !== null && TOOL_INFO[tool].brush;
  const loading = loadedUrl !== shown.url;
  const hold = (on: boolean) => setComparing(on && before !== null);
  const onKey = (on: boolean) => (e: KeyboardEvent) => {
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      hold(on);
    }
  };

  return (
    <div
      className="relative flex justify-center rounded-xl bg-[repeating-conic-gradient(#f1f5f9_0%_25%,#ffffff_0%_50%)] bg-[length:20px_20px] p-2"
      data-testid="editor-stage"
    >
      <div className="relative inline-block max-w-full">
        <img
          key={shown.url}
          src={shown.url}
          alt={comparing ? 'The step before' : 'The image being edited'}
          data-testid="editor-image"
          data-step={history.current}
          draggable={false}
          className="block max-h-[55vh] w-auto max-w-full select-none sm:max-h-[62vh]"
          onLoad={(e) => {
            const img = e.currentTarget;
            store.getState().setSize(shown.url, img.naturalWidth, img.naturalHeight);
            setLoadedUrl(shown.url);
          }}
        />
        {!comparing && size && brush && <MaskPainter size={size} />}
        {!comparing && size && tool === 'segment' && <BoxSelector size={size} />}
        {loading && (
          <div className="absolute inset-0 flex items-center justify-center bg-white/60 text-sm text-slate-600" aria-live="polite">
            Loading the image…
          </div>
        )}
        {running && <div className="absolute inset-0 animate-pulse bg-white/25" aria-hidden="true" />}
        {comparing && <span className="absolute left-2 top-2 rounded-full bg-slate-900/75 px-2 py-0.5 text-xs font-medium text-white">Before</span>}
      </div>
      {before && (
        <button
          type="button"
          className="btn-secondary absolute bottom-3 right-3 h-9 select-none px-3 text-sm"
          aria-pressed={comparing}
          data-testid="compare"
          onPointerDown={() => hold(true)}
          onPointerUp={() => hold(false)}
          onPointerLeave={() => hold(false)}
          onPointerCancel={() => hold(false)}
          onKeyDown={onKey(true)}
          onKeyUp={onKey(false)}
          onBlur={() => hold(false)}
        >
          Hold to compare
        </button>
      )}
    </div>
  );
}
