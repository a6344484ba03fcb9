import { ERASE_SCALE_MAX, ERASE_SCALE_MIN, UPSCALE_FACTORS, UPSCALE_MAX_SIDE } from '@packsmith/contracts';
import { useImageTools, useImageToolsController } from '../image-tools-context';
import { missingInput } from '../tool-requests';
import { currentStep } from '../step-history';
import { TOOL_INFO, costLabel, type PanelTool } from '../tools';

function RunButton({ tool, label }: { tool: PanelTool; label?: string }) {
  const ctl = useImageToolsController();
  const running = useImageTools((s) => s.run !== null);
  const missing = useImageTools(missingInput);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        className="btn-primary h-10 px-4 text-sm"
        disabled={running || missing !== null}
        onClick={() => void ctl.run()}
        data-testid="run-tool"
      >
        {label ?? TOOL_INFO[tool].label} <span className="font-normal opacity-80">· {costLabel(tool)}</span>
      </button>
      {missing && !running && <span className="text-sm text-slate-500">{missing}</span>}
    </div>
  );
}

function BrushControls() {
  const { store } = useImageToolsController();
  const scale = useImageTools((s) => s.eraseScale);
  const strokes = useImageTools((s) => s.strokes.length);
  const undone = useImageTools((s) => s.undone.length);
  const running = useImageTools((s) => s.run !== null);
  const mod = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';
  return (
    <div className="space-y-3">
      <label className="block text-sm font-medium text-slate-800">
        <span className="flex justify-between">
          Brush size <span className="font-normal text-slate-500">{scale} px at 1024 px · [ and ]</span>
        </span>
        <input
          type="range"
          className="mt-1 w-full accent-violet-600"
          min={ERASE_SCALE_MIN}
          max={ERASE_SCALE_MAX}
          value={scale}
          disabled={running}
          onChange={(e) => store.getState().setEraseScale(Number(e.target.value))}
          data-testid="brush-size"
        />
      </label>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Strokes">
        <button
          type="button"
          className="btn-secondary h-9 px-3 text-sm"
          disabled={running || strokes === 0}
          onClick={() => store.getState().undoStroke()}
          title={`Undo stroke (${mod}Z)`}
          aria-keyshortcuts="Control+Z Meta+Z"
        >
          Undo stroke
        </button>
        <button
          type="button"
          className="btn-secondary h-9 px-3 text-sm"
          disabled={running || undone === 0}
          onClick={() => store.getState().redoStroke()}
          title={`Redo stroke (${mod}Shift+Z)`}
          aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z"
        >
          Redo stroke
        </button>
        <button type="button" className="btn-secondary h-9 px-3 text-sm" disabled={running || strokes === 0} onClick={() => store.getState().clearStrokes()}>
          Clear
        </button>
      </div>
    </div>
  );
}

function UpscaleControls() {
  const ctl = useImageToolsController();
  const running = useImageTools((s) => s.run !== null);
  const width = useImageTools((s) => (s.history ? currentStep(s.history).width : null));
  const height = useImageTools((s) => (s.history ? currentStep(s.history).height : null));
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Upscale by">
        {UPSCALE_FACTORS.map((scale) => (
          <button
            key={scale}
            type="button"
            className="btn-primary h-10 px-4 text-sm"
            disabled={running}
            onClick={() => void ctl.run({ scale })}
            data-testid={`upscale-${scale}`}
          >
            Upscale ×{scale} <span className="font-normal opacity-80">· {costLabel('upscale')}</span>
          </button>
        ))}
      </div>
      <p className="text-sm text-slate-500">
        {width && height ? `Now ${width} × ${height} px. ` : ''}At most {UPSCALE_MAX_SIDE} px on the longer side.
      </p>
    </div>
  );
}

function TextControls() {
  const { store } = useImageToolsController();
  const text = useImageTools((s) => s.text);
  const color = useImageTools((s) => s.color);
  const running = useImageTools((s) => s.run !== null);
  return (
    <div className="space-y-3">
      <label className="field-label">
        Text
        <input
          className="field-input"
          value={text}
          maxLength={200}
          disabled={running}
          placeholder="e.g. Summer Edition"
          onChange={(e) => store.getState().patch({ text: e.target.value })}
          data-testid="text-input"
        />
      </label>
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
        <label className="inline-flex items-center gap-2">
          <input
            type="checkbox"
            checked={color !== null}
            disabled={running}
            onChange={(e) => store.getState().patch({ color: e.target.checked ? '#1f2937' : null })}
          />
          Choose a colour
        </label>
        {color !== null && (
          <label className="inline-flex items-center gap-2">
            <span className="sr-only">Text colour</span>
            <input type="color" value={color} disabled={running} onChange={(e) => store.getState().patch({ color: e.target.value })} className="h-8 w-10" />
          </label>
        )}
        {color === null && <span className="text-slate-500">The most readable colour is picked for you.</span>}
      </div>
      <RunButton tool="composite_text" />
    </div>
  );
}

/** The active tool's inputs and its button. */
export function ToolOptions() {
  const { store } = useImageToolsController();
  const tool = useImageTools((s) => s.tool);
  const prompt = useImageTools((s) => s.prompt);
  const box = useImageTools((s) => s.box);
  const running = useImageTools((s) => s.run !== null);
  if (!tool) return <p className="text-sm text-slate-500">Choose a tool. Each one adds a step you can go back from.</p>;
  return (
    <div className="space-y-3" data-testid="tool-options">
      {tool === 'erase' && (
        <>
          <p className="text-sm text-slate-600">Paint over what should go (B for the brush); the rest of the image fills it in.</p>
          <BrushControls />
          <RunButton tool="erase" />
        </>
      )}
      {tool === 'fill' && (
        <>
          <p className="text-sm text-slate-600">Paint over an area, then say what to put there.</p>
          <BrushControls />
          <label className="field-label">
            What to fill it with
            <input
              className="field-input"
              value={prompt}
              maxLength={1000}
              disabled={running}
              placeholder="e.g. a sprig of fresh mint"
              onChange={(e) => store.getState().patch({ prompt: e.target.value })}
              data-testid="fill-prompt"
            />
          </label>
          <RunButton tool="fill" />
        </>
      )}
      {tool === 'removebg' && (
        <>
          <p className="text-sm text-slate-600">Keeps the product and makes the background transparent.</p>
          <RunButton tool="removebg" />
        </>
      )}
      {tool === 'segment' && (
        <>
          <p className="text-sm text-slate-600">Drag a box around the object on the image (Esc to start again).</p>
          {box && (
            <p className="text-sm text-slate-700" data-testid="box-size">
              Box {box.width} × {box.height} px at {box.x}, {box.y}{' '}
              <button type="button" className="ml-2 text-violet-700 underline" disabled={running} onClick={() => store.getState().patch({ box: null })}>
                Cancel box
              </button>
            </p>
          )}
          <RunButton tool="segment" label="Cut out the object" />
        </>
      )}
      {tool === 'upscale' && <UpscaleControls />}
      {tool === 'composite_text' && <TextControls />}
    </div>
  );
}
