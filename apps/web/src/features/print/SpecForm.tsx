import { MATERIAL_TYPES, QUOTE_FINISHES, QUOTE_PRINTS, type MaterialType, type QuoteFinish, type QuotePrint } from '@packsmith/contracts';
import { FINISH_LABELS, PRINT_LABELS } from './labels';

export interface PrintSpec {
  material: MaterialType;
  print: QuotePrint;
  finishes: QuoteFinish[];
  quantity: string;
}

/** Material, print, finishes and quantity: every change asks for a new live quote. */
export function SpecForm({ spec, onChange, materialError }: { spec: PrintSpec; onChange(spec: PrintSpec): void; materialError: string | null }) {
  const toggle = (f: QuoteFinish) => onChange({ ...spec, finishes: spec.finishes.includes(f) ? spec.finishes.filter((x) => x !== f) : [...spec.finishes, f] });
  return (
    <fieldset className="card space-y-4 p-4 sm:p-6" aria-label="What to print">
      <legend className="sr-only">What to print</legend>
      <div className="grid gap-4 sm:grid-cols-3">
        <label className="min-w-0">
          <span className="field-label">Material</span>
          <select
            className="field-input"
            value={spec.material}
            aria-invalid={materialError ? true : undefined}
            onChange={(e) => onChange({ ...spec, material: e.target.value as MaterialType })}
          >
            {MATERIAL_TYPES.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
        <label className="min-w-0">
          <span className="field-label">Print</span>
          <select className="field-input" value={spec.print} onChange={(e) => onChange({ ...spec, print: e.target.value as QuotePrint })}>
            {QUOTE_PRINTS.map((p) => (
              <option key={p} value={p}>
                {PRINT_LABELS[p]}
              </option>
            ))}
          </select>
        </label>
        <label className="min-w-0">
          <span className="field-label">Quantity</span>
          <input className="field-input" inputMode="numeric" value={spec.quantity} onChange={(e) => onChange({ ...spec, quantity: e.target.value })} />
        </label>
      </div>
      {materialError && (
        <p role="alert" className="field-error" data-testid="quote-error">
          {materialError}
        </p>
      )}
      <div>
        <p className="field-label">Finishes</p>
        <div className="flex flex-wrap gap-2">
          {QUOTE_FINISHES.map((f) => (
            <label key={f} className={`chip cursor-pointer ${spec.finishes.includes(f) ? 'chip-active' : ''}`}>
              <input type="checkbox" className="sr-only" checked={spec.finishes.includes(f)} onChange={() => toggle(f)} />
              {FINISH_LABELS[f]}
            </label>
          ))}
        </div>
      </div>
    </fieldset>
  );
}
