import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { SelectionName } from '@packsmith/contracts';
import {
  FINISH_CHOICES,
  choiceValueOf,
  choicesFor,
  editorKindOf,
  finishesOf,
  finishesValueOf,
  parseSizeValue,
  quantityOf,
  sizeValueOf,
  type SizeDraft,
} from '../quote-data';

interface SelectionEditorProps {
  name: SelectionName;
  title: string;
  value: string;
  busy: boolean;
  onSubmit(value: string): void;
  onCancel(): void;
}

const field =
  'h-9 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm focus:border-violet-500 focus:outline-none focus:ring-2 focus:ring-violet-200';

function SizeFields({ draft, onChange }: { draft: SizeDraft; onChange(next: SizeDraft): void }) {
  const labels = [
    ['length', 'Length'],
    ['width', 'Width'],
    ['height', 'Height'],
  ] as const;
  return (
    <div className="space-y-2">
      <div className="grid grid-cols-3 gap-2">
        {labels.map(([key, label]) => (
          <label key={key} className="text-xs text-slate-600">
            {label}
            <input
              type="number"
              inputMode="decimal"
              min="0"
              step="any"
              className={field}
              value={draft[key]}
              onChange={(e) => onChange({ ...draft, [key]: e.target.value })}
              autoFocus={key === 'length'}
            />
          </label>
        ))}
      </div>
      <div role="group" aria-label="Unit" className="inline-flex rounded-lg border border-slate-300 p-0.5">
        {(['mm', 'in'] as const).map((unit) => (
          <button
            key={unit}
            type="button"
            aria-pressed={draft.unit === unit}
            onClick={() => onChange({ ...draft, unit })}
            className={`h-7 rounded-md px-3 text-xs font-medium ${draft.unit === unit ? 'bg-violet-600 text-white' : 'text-slate-600 hover:bg-slate-100'}`}
          >
            {unit}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * The small inline editor of one selection chip: the right input for its kind. Enter sends, Escape
 * closes (the panel gives focus back to the chip).
 */
export function SelectionEditor({ name, title, value, busy, onSubmit, onCancel }: SelectionEditorProps) {
  const kind = editorKindOf(name);
  const id = useId();
  const choices = choicesFor(name, value);
  const [text, setText] = useState(() => (kind === 'number' ? String(quantityOf(value) ?? '') : kind === 'select' ? choiceValueOf(choices, value) : value));
  const [size, setSize] = useState<SizeDraft>(() => parseSizeValue(value));
  const [finishes, setFinishes] = useState<string[]>(() => finishesOf(value));
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (busy) return;
    let out: string | null;
    if (kind === 'size') out = sizeValueOf(size);
    else if (kind === 'multi') out = finishesValueOf(finishes);
    else if (kind === 'number') out = quantityOf(text) === null ? null : String(quantityOf(text));
    else out = text.trim() === '' ? null : text.trim();
    if (out === null) {
      setProblem(
        kind === 'size' ? 'Enter three sizes greater than 0.' : kind === 'number' ? 'Enter a whole number greater than 0.' : `Enter a ${title.toLowerCase()}.`,
      );
      return;
    }
    onSubmit(out);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onCancel();
    }
    // A checkbox or toggle swallows Enter; the editor still sends on it.
    if (e.key === 'Enter' && (e.target as HTMLElement).tagName !== 'TEXTAREA' && (e.target as HTMLElement).tagName !== 'INPUT') {
      e.preventDefault();
      submit();
    }
  };

  return (
    <form
      onSubmit={submit}
      onKeyDown={onKeyDown}
      aria-label={`Change ${title}`}
      className="mt-2 space-y-2 rounded-xl border border-violet-200 bg-violet-50/60 p-3"
      data-testid={`editor-${name}`}
    >
      {kind === 'size' && <SizeFields draft={size} onChange={setSize} />}
      {kind === 'multi' && (
        <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
          <legend className="sr-only">{title}</legend>
          {FINISH_CHOICES.map((c) => (
            <label key={c.value} className="inline-flex items-center gap-1.5 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={finishes.includes(c.value)}
                onChange={(e) => setFinishes((f) => (e.target.checked ? [...f, c.value] : f.filter((x) => x !== c.value)))}
              />
              {c.label}
            </label>
          ))}
        </fieldset>
      )}
      {kind === 'select' && (
        <label htmlFor={id} className="block text-xs text-slate-600">
          {title}
          <select id={id} className={field} value={text} onChange={(e) => setText(e.target.value)} autoFocus>
            {text === '' && <option value="">Choose…</option>}
            {choices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {(kind === 'text' || kind === 'number') && (
        <label htmlFor={id} className="block text-xs text-slate-600">
          {title}
          <input
            id={id}
            className={field}
            type={kind === 'number' ? 'number' : 'text'}
            inputMode={kind === 'number' ? 'numeric' : undefined}
            min={kind === 'number' ? 1 : undefined}
            step={kind === 'number' ? 1 : undefined}
            maxLength={200}
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoFocus
          />
        </label>
      )}
      {problem && (
        <p role="alert" className="text-xs text-rose-700">
          {problem}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary h-8 px-3 text-sm" disabled={busy}>
          Update
        </button>
        <button type="button" className="btn-secondary h-8 px-3 text-sm" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
