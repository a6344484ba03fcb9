import { BOX_TYPES, EDITOR_FONT_FAMILIES, gs1CheckDigit, type EditorLayer } from '@packsmith/contracts';
import { documentWarnings, type AlignEdge } from '@packsmith/editor';
import { useMemo, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { PanelTool } from '../../image-tools/tools';
import { updateLayer } from '../editor-actions';
import type { EditorStore } from '../editor.store';
import { layerImageUrl, type AiRequest } from './AiImageTools';
import { layerTitle } from './LayersPanel';

type Of<K extends EditorLayer['kind']> = Extract<EditorLayer, { kind: K }>;

const AI_TOOLS: ReadonlyArray<[PanelTool, string]> = [
  ['removebg', 'Remove background'],
  ['erase', 'Erase'],
  ['fill', 'Fill with a prompt'],
  ['upscale', 'Upscale'],
  ['segment', 'Select a part as a layer'],
  ['composite_text', 'Text on product'],
  ['edit', 'Restyle'],
];

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <label className={`flex flex-col gap-1 text-xs text-slate-600 ${wide ? 'col-span-2' : ''}`}>
      {label}
      {children}
    </label>
  );
}

const inputClass =
  'h-9 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-violet-500 focus:outline-none focus:ring-2 focus:ring-violet-100';

/** A number typed in: sent when it parses and is in range, shown red otherwise. */
function NumberInput({
  value,
  onValue,
  min,
  max,
  step = 0.1,
  label,
}: {
  value: number;
  onValue(n: number): void;
  min?: number;
  max?: number;
  step?: number;
  label: string;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? String(Math.round(value * 100) / 100);
  const n = Number(shown);
  const bad = shown.trim() === '' || !Number.isFinite(n) || (min !== undefined && n < min) || (max !== undefined && n > max);
  return (
    <input
      className={`${inputClass} tabular-nums ${bad ? 'border-rose-400' : ''}`}
      type="number"
      inputMode="decimal"
      step={step}
      min={min}
      max={max}
      value={shown}
      aria-label={label}
      aria-invalid={bad}
      onChange={(e) => {
        setDraft(e.target.value);
        const v = Number(e.target.value);
        if (e.target.value.trim() !== '' && Number.isFinite(v) && (min === undefined || v >= min) && (max === undefined || v <= max)) onValue(v);
      }}
      onBlur={() => setDraft(null)}
    />
  );
}

function ColourInput({ value, onValue, label }: { value: string; onValue(v: string): void; label: string }) {
  return (
    <span className="flex items-center gap-2">
      <input type="color" className="h-9 w-10 rounded border border-slate-300" value={value} aria-label={label} onChange={(e) => onValue(e.target.value)} />
      <span className="font-mono text-xs text-slate-500">{value}</span>
    </span>
  );
}

/** The selection's fields (or the document's when nothing is selected). */
export function PropertiesPanel({ store, onAi }: { store: EditorStore; onAi(request: AiRequest): void }) {
  const doc = useStore(store, (s) => s.editor?.doc ?? null);
  const selection = useStore(store, (s) => s.selection);
  const warnings = useMemo(() => (doc ? documentWarnings(doc) : []), [doc]);
  if (!doc) return null;
  const ids = new Set(selection);
  const layers = doc.panels.flatMap((p) => p.layers.filter((l) => ids.has(l.id)));
  const seal = () => store.getState().seal();

  if (layers.length === 0) {
    const box = BOX_TYPES.find((b) => b.id === doc.box.id);
    return (
      <div className="space-y-4 p-4" data-testid="properties-panel">
        <div>
          <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Document</h2>
          <p className="mt-2 text-sm text-slate-800">{box?.name ?? doc.box.slug}</p>
          <p className="text-sm text-slate-600">
            Inside{' '}
            {Object.entries(doc.dimensions)
              .map(([k, v]) => `${k} ${v} mm`)
              .join(' · ')}
          </p>
          <p className="text-xs text-slate-500">
            Sheet {doc.dieline.size.width.toFixed(1)} × {doc.dieline.size.height.toFixed(1)} mm, bleed {doc.dieline.bleed_mm} mm, board {doc.thickness_mm} mm
          </p>
        </div>
        <button type="button" className="btn-secondary h-9 w-full text-sm" onClick={() => onAi({ kind: 'new' })}>
          Create an image layer from words…
        </button>
        <WarningList warnings={warnings} store={store} />
        <p className="text-xs text-slate-500">Select a layer on the sheet or in the layers list to change it. Press ? for the keyboard shortcuts.</p>
      </div>
    );
  }

  if (layers.length > 1) {
    const align = (edge: AlignEdge) => {
      store.getState().dispatch({ type: 'align', ids: layers.map((l) => l.id), edge }, { label: `Align ${edge}`, mergeKey: null });
      seal();
    };
    const distribute = (axis: 'horizontal' | 'vertical') => {
      store.getState().dispatch({ type: 'distribute', ids: layers.map((l) => l.id), axis }, { label: 'Distribute', mergeKey: null });
      seal();
    };
    return (
      <div className="space-y-4 p-4" data-testid="properties-panel">
        <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{layers.length} layers selected</h2>
        <div className="grid grid-cols-3 gap-1" role="group" aria-label="Align">
          {(['left', 'center', 'right', 'top', 'middle', 'bottom'] as const).map((e) => (
            <button key={e} type="button" className="btn-secondary h-9 text-xs capitalize" onClick={() => align(e)}>
              Align {e}
            </button>
          ))}
        </div>
        <div className="grid grid-cols-2 gap-1" role="group" aria-label="Distribute">
          <button type="button" className="btn-secondary h-9 text-xs" disabled={layers.length < 3} onClick={() => distribute('horizontal')}>
            Distribute across
          </button>
          <button type="button" className="btn-secondary h-9 text-xs" disabled={layers.length < 3} onClick={() => distribute('vertical')}>
            Distribute down
          </button>
        </div>
      </div>
    );
  }

  const l = layers[0]!;
  const set = (field: string, props: Record<string, unknown>) => updateLayer(store, l.id, props, field);
  const own = warnings.filter((w) => w.layer_id === l.id);
  const imageUrl = layerImageUrl(l);

  return (
    <div className="space-y-4 p-4" data-testid="properties-panel">
      <h2 className="truncate text-xs font-semibold uppercase tracking-wide text-slate-500">{layerTitle(l)}</h2>
      {l.locked && <p className="rounded-lg bg-slate-100 p-2 text-xs text-slate-600">This layer is locked: unlock it in the layers list to change it.</p>}
      <fieldset disabled={l.locked} className="grid grid-cols-2 gap-2">
        <Field label="X (mm)">
          <NumberInput label="X in mm" value={l.x} onValue={(x) => set('x', { x })} min={-4000} max={4000} />
        </Field>
        <Field label="Y (mm)">
          <NumberInput label="Y in mm" value={l.y} onValue={(y) => set('y', { y })} min={-4000} max={4000} />
        </Field>
        <Field label="Width (mm)">
          <NumberInput label="Width in mm" value={l.w} onValue={(w) => set('w', { w })} min={0.1} max={4000} />
        </Field>
        <Field label="Height (mm)">
          <NumberInput label="Height in mm" value={l.h} onValue={(h) => set('h', { h })} min={0.1} max={4000} />
        </Field>
        <Field label="Rotation (°)">
          <NumberInput label="Rotation in degrees" value={l.rotation} onValue={(rotation) => set('rotation', { rotation })} min={-360} max={360} step={1} />
        </Field>
        <Field label="Opacity (%)">
          <NumberInput label="Opacity in per cent" value={l.opacity * 100} onValue={(o) => set('opacity', { opacity: o / 100 })} min={0} max={100} step={5} />
        </Field>
        {l.kind === 'text' && <TextFields layer={l} set={set} />}
        {l.kind === 'shape' && <ShapeFields layer={l} set={set} />}
        {l.kind === 'background' && l.fill.type === 'colour' && (
          <Field label="Colour" wide>
            <ColourInput label="Background colour" value={l.fill.colour} onValue={(colour) => set('fill', { fill: { type: 'colour', colour } })} />
          </Field>
        )}
        {(l.kind === 'icon' || l.kind === 'barcode') && (
          <Field label="Colour" wide>
            <ColourInput label="Colour" value={l.colour} onValue={(colour) => set('colour', { colour })} />
          </Field>
        )}
        {l.kind === 'barcode' && <BarcodeFields layer={l} set={set} />}
      </fieldset>
      {imageUrl && !l.locked && (
        <section aria-label="AI tools">
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">AI tools</h3>
          <div className="mt-2 grid grid-cols-2 gap-1">
            {AI_TOOLS.map(([tool, label]) => (
              <button
                key={tool}
                type="button"
                className="btn-secondary h-9 px-2 text-xs"
                onClick={() => onAi({ kind: 'layer', layerId: l.id, url: imageUrl, tool })}
                data-testid={`ai-${tool}`}
              >
                {label}
              </button>
            ))}
          </div>
        </section>
      )}
      <WarningList warnings={own} store={store} />
      <button
        type="button"
        className="btn-secondary h-9 w-full text-sm text-rose-700"
        disabled={l.locked}
        onClick={() => {
          store.getState().dispatch({ type: 'remove', ids: [l.id] }, { label: 'Delete layer', mergeKey: null });
          seal();
        }}
      >
        Delete layer
      </button>
    </div>
  );
}

function WarningList({ warnings, store }: { warnings: ReturnType<typeof documentWarnings>; store: EditorStore }) {
  if (warnings.length === 0) return null;
  return (
    <section aria-label="Print warnings" className="rounded-lg border border-amber-200 bg-amber-50 p-3">
      <h3 className="text-xs font-semibold text-amber-900">
        {warnings.length} print {warnings.length === 1 ? 'warning' : 'warnings'}
      </h3>
      <ul className="mt-1 space-y-1 text-xs text-amber-900" data-testid="print-warnings">
        {warnings.slice(0, 12).map((w) => (
          <li key={`${w.layer_id}:${w.kind}`}>
            <button
              type="button"
              className="text-left underline-offset-2 hover:underline"
              onClick={() => {
                store.getState().setActivePanel(w.panel_id);
                store.getState().select([w.layer_id]);
              }}
            >
              {w.message}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TextFields({ layer, set }: { layer: Of<'text'>; set(field: string, props: Record<string, unknown>): void }) {
  return (
    <>
      <Field label="Text" wide>
        <textarea
          className={`${inputClass} h-20 py-1.5`}
          value={layer.text}
          maxLength={2000}
          aria-label="Text"
          onChange={(e) => set('text', { text: e.target.value })}
          data-testid="text-content"
        />
      </Field>
      <Field label="Font" wide>
        <select className={inputClass} value={layer.font.family} onChange={(e) => set('font', { font: { ...layer.font, family: e.target.value } })}>
          {EDITOR_FONT_FAMILIES.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Size (pt)">
        <NumberInput label="Size in points" value={layer.size_pt} onValue={(size_pt) => set('size_pt', { size_pt })} min={2} max={400} step={0.5} />
      </Field>
      <Field label="Weight">
        <select className={inputClass} value={layer.font.weight} onChange={(e) => set('font', { font: { ...layer.font, weight: Number(e.target.value) } })}>
          {[300, 400, 500, 600, 700, 800, 900].map((w) => (
            <option key={w} value={w}>
              {w}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Tracking (‰ em)">
        <NumberInput label="Tracking" value={layer.tracking} onValue={(tracking) => set('tracking', { tracking })} min={-200} max={1000} step={5} />
      </Field>
      <Field label="Line height (×)">
        <NumberInput
          label="Line height"
          value={layer.line_height}
          onValue={(line_height) => set('line_height', { line_height })}
          min={0.5}
          max={4}
          step={0.05}
        />
      </Field>
      <Field label="Align" wide>
        <div className="flex gap-1" role="radiogroup" aria-label="Align text">
          {(['left', 'center', 'right'] as const).map((a) => (
            <button
              key={a}
              type="button"
              role="radio"
              aria-checked={layer.align === a}
              className={`h-9 flex-1 rounded-lg border text-xs capitalize ${layer.align === a ? 'border-violet-500 bg-violet-50 text-violet-800' : 'border-slate-300'}`}
              onClick={() => set('align', { align: a })}
            >
              {a}
            </button>
          ))}
        </div>
      </Field>
      <Field label="Italic">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={layer.font.italic}
          onChange={(e) => set('font', { font: { ...layer.font, italic: e.target.checked } })}
        />
      </Field>
      <Field label="Colour">
        <ColourInput label="Text colour" value={layer.colour} onValue={(colour) => set('colour', { colour })} />
      </Field>
    </>
  );
}

function ShapeFields({ layer, set }: { layer: Of<'shape'>; set(field: string, props: Record<string, unknown>): void }) {
  return (
    <>
      {layer.shape !== 'line' && (
        <Field label="Fill">
          <ColourInput label="Fill colour" value={layer.fill ?? '#ffffff'} onValue={(fill) => set('fill', { fill })} />
        </Field>
      )}
      <Field label="Stroke">
        <ColourInput
          label="Stroke colour"
          value={layer.stroke?.colour ?? '#111111'}
          onValue={(colour) => set('stroke', { stroke: { colour, width_mm: layer.stroke?.width_mm ?? 0.5 } })}
        />
      </Field>
      <Field label="Stroke width (mm)">
        <NumberInput
          label="Stroke width in mm"
          value={layer.stroke?.width_mm ?? 0}
          onValue={(w) => set('stroke', { stroke: w > 0 ? { colour: layer.stroke?.colour ?? '#111111', width_mm: w } : null })}
          min={0}
          max={50}
          step={0.1}
        />
      </Field>
      {layer.shape === 'rect' && (
        <Field label="Corner radius (mm)">
          <NumberInput
            label="Corner radius in mm"
            value={layer.corner_radius_mm}
            onValue={(corner_radius_mm) => set('corner_radius_mm', { corner_radius_mm })}
            min={0}
            max={4000}
          />
        </Field>
      )}
    </>
  );
}

function BarcodeFields({ layer, set }: { layer: Of<'barcode'>; set(field: string, props: Record<string, unknown>): void }) {
  const want = layer.symbology === 'ean13' ? 13 : 12;
  const [draft, setDraft] = useState(layer.digits);
  const data = draft.replace(/\D/g, '');
  const complete = data.length === want - 1 ? data + String(gs1CheckDigit(data)) : data;
  const valid = complete.length === want && gs1CheckDigit(complete.slice(0, -1)) === Number(complete.slice(-1));
  return (
    <>
      <Field label="Type">
        <select
          className={inputClass}
          value={layer.symbology}
          onChange={(e) => {
            const symbology = e.target.value as 'ean13' | 'upca';
            const n = symbology === 'ean13' ? 12 : 11;
            // EAN-13 ⇄ UPC-A: a UPC-A is an EAN-13 with a leading 0, so the data digits carry over.
            const data = layer.digits.slice(0, -1);
            const base = data.length >= n ? data.slice(data.length - n) : data.padStart(n, '0');
            const digits = base + String(gs1CheckDigit(base));
            setDraft(digits);
            set('symbology', { symbology, digits });
          }}
        >
          <option value="ean13">EAN-13</option>
          <option value="upca">UPC-A</option>
        </select>
      </Field>
      <Field label={`Digits (${want - 1} + check digit)`}>
        <input
          className={`${inputClass} font-mono ${valid ? '' : 'border-rose-400'}`}
          value={draft}
          inputMode="numeric"
          maxLength={want}
          aria-invalid={!valid}
          onChange={(e) => {
            setDraft(e.target.value);
            const d = e.target.value.replace(/\D/g, '');
            const full = d.length === want - 1 ? d + String(gs1CheckDigit(d)) : d;
            if (full.length === want && gs1CheckDigit(full.slice(0, -1)) === Number(full.slice(-1))) set('digits', { digits: full });
          }}
        />
      </Field>
      {!valid && (
        <p className="col-span-2 text-xs text-rose-600">
          {data.length === want
            ? `The check digit should be ${gs1CheckDigit(data.slice(0, -1))}.`
            : `Type the ${want - 1} digits of your GTIN: the check digit is added for you.`}
        </p>
      )}
    </>
  );
}
