import { ASPECT_RATIOS, ERASE_SCALE_MAX, ERASE_SCALE_MIN, TEXT2IMAGE_STYLES, UPSCALE_FACTORS, UPSCALE_MAX_SIDE } from '@packsmith/contracts';
import type { Text2ImageStyle } from '../image-tools.store';
import { useImageTools, useImageToolsController } from '../image-tools-context';
import { missingInput } from '../tool-requests';
import { currentStep } from '../step-history';
import { RESTYLE_EXAMPLES, TOOL_INFO, costLabel, type PanelTool } from '../tools';

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

/** The prompt of Fill, Restyle, Variation and Create from words (one prompt, kept when the tool changes). */
function PromptField({ label, placeholder, testId }: { label: string; placeholder: string; testId: string }) {
  const { store } = useImageToolsController();
  const prompt = useImageTools((s) => s.prompt);
  const running = useImageTools((s) => s.run !== null);
  return (
    <label className="field-label">
      {label}
      <input
        className="field-input"
        value={prompt}
        maxLength={1000}
        disabled={running}
        placeholder={placeholder}
        onChange={(e) => store.getState().patch({ prompt: e.target.value })}
        data-testid={testId}
      />
    </label>
  );
}

function RestyleControls() {
  const { store } = useImageToolsController();
  const running = useImageTools((s) => s.run !== null);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">Recolour, restyle or relight the whole image, in words.</p>
      <PromptField label="How should it change?" placeholder="e.g. make it blue" testId="restyle-prompt" />
      <div className="flex flex-wrap gap-1.5" role="group" aria-label="Examples">
        {RESTYLE_EXAMPLES.map((example) => (
          <button
            key={example}
            type="button"
            disabled={running}
            onClick={() => store.getState().patch({ prompt: example })}
            className="rounded-full border border-slate-300 bg-white px-2.5 py-1 text-xs text-slate-700 hover:border-violet-400 hover:text-violet-800 disabled:opacity-50"
          >
            {example}
          </button>
        ))}
      </div>
      <RunButton tool="edit" />
    </div>
  );
}

function CreateControls() {
  const { store } = useImageToolsController();
  const ratio = useImageTools((s) => s.aspectRatio);
  const style = useImageTools((s) => s.style);
  const running = useImageTools((s) => s.run !== null);
  const empty = useImageTools((s) => s.history === null);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        A brand-new image from a description{empty ? '' : ', made the current step'}: a backdrop, a product scene, a texture.
      </p>
      <PromptField label="Describe the image" placeholder="e.g. a marble counter in soft morning light" testId="create-prompt" />
      <div className="grid grid-cols-2 gap-3">
        <label className="field-label">
          Aspect ratio
          <select
            className="field-input"
            value={ratio}
            disabled={running}
            onChange={(e) => {
              const next = ASPECT_RATIOS.find((r) => r === e.target.value);
              if (next) store.getState().patch({ aspectRatio: next });
            }}
            data-testid="create-ratio"
          >
            {ASPECT_RATIOS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
        <label className="field-label">
          Style
          <select
            className="field-input"
            value={style}
            disabled={running}
            onChange={(e) => {
              const next = TEXT2IMAGE_STYLES.find((v): v is Text2ImageStyle => v === e.target.value);
              if (next) store.getState().patch({ style: next });
            }}
            data-testid="create-style"
          >
            {TEXT2IMAGE_STYLES.map((v) => (
              <option key={v} value={v}>
                {v === 'auto' ? 'Auto' : v[0]?.toUpperCase() + v.slice(1)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <RunButton tool="text2image" />
    </div>
  );
}

function TextControls() {
  const { store } = useImageToolsController();
  const text = useImageTools((s) => s.text);
  const color = useImageTools((s) => s.color);
  const templateId = useImageTools((s) => s.templateId);
  const onPack = useImageTools((s) => s.onPack);
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
      {templateId && (
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="mt-0.5"
            checked={onPack}
            disabled={running}
            onChange={(e) => store.getState().patch({ onPack: e.target.checked })}
            aria-describedby="on-pack-hint"
            data-testid="text-on-pack"
          />
          <span>
            On the pack (follows its shape)
            <span id="on-pack-hint" className="block text-xs text-slate-500">
              The text is set on the template’s printable front through its UV map, on the empty template scene, not on this image.
            </span>
          </span>
        </label>
      )}
      <RunButton tool="composite_text" />
    </div>
  );
}

/** The active tool's inputs and its button. */
export function ToolOptions() {
  const { store } = useImageToolsController();
  const tool = useImageTools((s) => s.tool);
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
          <PromptField label="What to fill it with" placeholder="e.g. a sprig of fresh mint" testId="fill-prompt" />
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
      {tool === 'edit' && <RestyleControls />}
      {tool === 'image2image' && (
        <>
          <p className="text-sm text-slate-600">A new image from this one and a description, the same size.</p>
          <PromptField label="Describe the variation" placeholder="e.g. the same pack on a beach at noon" testId="variation-prompt" />
          <RunButton tool="image2image" />
        </>
      )}
      {tool === 'text2image' && <CreateControls />}
    </div>
  );
}
