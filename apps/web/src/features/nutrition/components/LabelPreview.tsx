import { NUTRITION_FORMAT_NAMES, type NutritionComputed } from '@packsmith/contracts';
import type { LiveLabel } from '../use-live-label';

/** Millimetres as a person reads them: one decimal at most. */
const mm = (v: number) => String(Math.round(v * 10) / 10);

/** The SVG as an image: it shows exactly what the server drew, and nothing in it can run. */
function svgSrc(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function Figures({ label }: { label: NutritionComputed }) {
  const perColumns = label.basis === 'per_100';
  const portion = label.lines.some((l) => l.portion_amount !== undefined);
  const container = label.lines.some((l) => l.container_amount !== undefined);
  const heads = perColumns ? label.columns : ['Amount', ...(container ? ['Per container'] : []), '% DV'];
  return (
    <table className="mt-3 w-full table-fixed text-left text-sm" aria-label="Label figures">
      <thead className="text-xs text-slate-500">
        <tr>
          <th scope="col" className="w-2/5 py-1 font-medium">
            Nutrient
          </th>
          {heads.slice(0, perColumns ? (portion ? 2 : 1) : heads.length).map((h) => (
            <th key={h} scope="col" className="py-1 font-medium">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {label.lines.map((l) => (
          <tr key={l.key}>
            <th scope="row" className={`py-1 pr-2 font-normal text-slate-700 ${l.indent ? 'pl-3' : ''} ${l.bold ? 'font-semibold' : ''}`}>
              {l.label}
            </th>
            <td className="break-words py-1 text-slate-900">{l.amount}</td>
            {perColumns && portion && <td className="break-words py-1 text-slate-900">{l.portion_amount ?? ''}</td>}
            {!perColumns && container && <td className="py-1 text-slate-900">{l.container_amount ?? ''}</td>}
            {!perColumns && <td className="py-1 text-slate-900">{l.dv}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface LabelPreviewProps {
  live: LiveLabel;
  /** What to fill in before there is a label to show (an error about an empty field, in plain words). */
  nextStep?: string | null;
  /** A suggested format picked from the "too large" message. */
  onPickFormat(format: string): void;
}

/**
 * The live label: its drawing, its figures, the engine's warnings in plain words, whether it fits the
 * panel, and the ingredients statement. The last good label stays while a newer one computes.
 */
export function LabelPreview({ live, nextStep, onPickFormat }: LabelPreviewProps) {
  const { label, pending, error } = live;
  return (
    <section id="label-preview" aria-labelledby="nf-preview-heading" aria-busy={pending} className="card scroll-mt-24 p-5 sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 id="nf-preview-heading" tabIndex={-1} className="text-base font-semibold text-slate-900">
          Preview
        </h2>
        <span role="status" className="text-xs text-slate-500">
          {pending ? 'Updating…' : label ? `${NUTRITION_FORMAT_NAMES[label.format] ?? label.format} · ${mm(label.width_mm)} × ${mm(label.height_mm)} mm` : ''}
        </span>
      </div>
      {error && nextStep && (
        <p className="mt-3 rounded-lg bg-violet-50 px-3 py-2 text-sm text-violet-800" data-testid="preview-next-step">
          {nextStep}
        </p>
      )}
      {error && !nextStep && (
        <p className="mt-3 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700" role="alert" data-testid="preview-error">
          {error.field ? `Check ${error.field.replace(/^nutrients\./, '').replace(/_/g, ' ')}: ` : ''}
          {error.message}
        </p>
      )}
      {!label && !error && (
        <div className="mt-4 h-64 animate-pulse rounded-xl bg-slate-100" data-testid="preview-loading">
          <span className="sr-only">Computing the label…</span>
        </div>
      )}
      {label && (
        <div className={pending ? 'opacity-70 transition-opacity' : ''}>
          {label.svg ? (
            <div className="mt-4 flex justify-center overflow-hidden rounded-xl border border-slate-200 bg-white p-3">
              <img
                src={svgSrc(label.svg)}
                alt={`${label.title} label, ${mm(label.width_mm)} by ${mm(label.height_mm)} mm`}
                className="h-auto max-h-[70vh] w-auto max-w-full"
                data-testid="label-image"
              />
            </div>
          ) : (
            <p className="mt-4 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">This format's drawing is not available yet; its figures are below.</p>
          )}
          {label.fit && !label.fit.fits && (
            <div className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800" role="note" data-testid="fit-warning">
              <p>{label.fit.message}</p>
              {label.fit.suggest.length > 0 && (
                <p className="mt-2 flex flex-wrap items-center gap-2">
                  Try:
                  {label.fit.suggest.map((f) => (
                    <button key={f} type="button" className="btn-secondary h-8 px-3 text-xs" onClick={() => onPickFormat(f)}>
                      {NUTRITION_FORMAT_NAMES[f] ?? f}
                    </button>
                  ))}
                </p>
              )}
            </div>
          )}
          {label.warnings.length > 0 && (
            <div className="mt-4">
              <h3 className="text-sm font-semibold text-slate-900">Check before printing</h3>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-amber-800" data-testid="label-warnings">
                {label.warnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            </div>
          )}
          {label.unmatched && label.unmatched.length > 0 && (
            <p className="mt-3 text-sm text-amber-800">Not in the ingredient table (counted as 0): {label.unmatched.map((u) => u.name).join(', ')}.</p>
          )}
          {label.ingredients_statement && label.ingredients_statement.text && (
            <div className="mt-4 text-sm text-slate-800" data-testid="ingredients-statement">
              <p>{label.ingredients_statement.segments.map((s, i) => (s.bold ? <strong key={i}>{s.text}</strong> : <span key={i}>{s.text}</span>))}</p>
              {label.ingredients_statement.contains && <p className="mt-1 font-semibold">{label.ingredients_statement.contains}</p>}
            </div>
          )}
          <details className="mt-4" open>
            <summary className="cursor-pointer text-sm font-medium text-slate-700">Figures as printed</summary>
            <Figures label={label} />
          </details>
        </div>
      )}
    </section>
  );
}
