import { NUTRITION_FORMATS, NUTRITION_FORMAT_NAMES, NUTRITION_REGIONS, type NutritionComputed, type NutritionRegion } from '@packsmith/contracts';
import { fieldId, type CaloriesMethod } from '../nutrition-form';
import { useFieldError, useNutrition } from '../nutrition-context';
import { TextField } from './TextField';

export const REGION_NAMES: Record<NutritionRegion, string> = {
  us: 'United States (FDA)',
  ca: 'Canada (bilingual)',
  eu: 'European Union',
  uk: 'United Kingdom',
};

const CALORIES_METHODS: readonly { value: CaloriesMethod; label: string }[] = [
  { value: 'auto', label: 'Automatic (my figure when given, else 4/4/9)' },
  { value: 'declared', label: 'The calories I enter' },
  { value: 'general', label: 'General factors 4/4/9 (protein, carbohydrate, fat)' },
  { value: 'non_digestible', label: 'Less non-digestible carbohydrates (fibre, sugar alcohols)' },
];

/** Whether a format may be used for this product, as far as the last computed label says. */
function formatNote(format: string, label: NutritionComputed | null): string {
  if (format === 'simplified' && label?.simplified) return label.simplified.allowed ? ' — allowed for this product' : ' — not allowed for this product';
  if (format === 'linear') return ' — small packages only';
  return '';
}

/** Region, format, serving, panel size and the options that change the figures. */
export function SetupSection({ label }: { label: NutritionComputed | null }) {
  const form = useNutrition((s) => s.form);
  const set = useNutrition((s) => s);
  const formatError = useFieldError('format');
  const regionError = useFieldError('region');
  const optionsError = useFieldError('options');
  const euUk = form.region === 'eu' || form.region === 'uk';

  return (
    <section aria-labelledby="nf-setup-heading" className="card p-5 sm:p-6">
      <h2 id="nf-setup-heading" className="text-base font-semibold text-slate-900">
        Label
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={fieldId('region')} className="field-label">
            Region
          </label>
          <select
            id={fieldId('region')}
            className="field-input"
            value={form.region}
            aria-invalid={regionError ? true : undefined}
            onChange={(e) => set.setRegion(e.target.value as NutritionRegion)}
          >
            {NUTRITION_REGIONS.map((r) => (
              <option key={r} value={r}>
                {REGION_NAMES[r]}
              </option>
            ))}
          </select>
          {regionError && <p className="field-error">{regionError}</p>}
        </div>
        <div>
          <label htmlFor={fieldId('format')} className="field-label">
            Format
          </label>
          <select
            id={fieldId('format')}
            className="field-input"
            value={form.format}
            aria-invalid={formatError ? true : undefined}
            aria-describedby="nf-format-note"
            onChange={(e) => set.setFormat(e.target.value)}
          >
            {NUTRITION_FORMATS[form.region].map((f) => (
              <option key={f} value={f}>
                {(NUTRITION_FORMAT_NAMES[f] ?? f) + formatNote(f, label)}
              </option>
            ))}
          </select>
          <p id="nf-format-note" className="mt-1 text-xs text-slate-500">
            {NUTRITION_FORMATS[form.region].length === 1
              ? 'This region has one format.'
              : `Allowed here: ${NUTRITION_FORMATS[form.region].map((f) => NUTRITION_FORMAT_NAMES[f] ?? f).join(', ')}.`}
            {form.region === 'us' && label?.simplified?.allowed && ' Simplified format is allowed for this product.'}
          </p>
          {formatError && <p className="field-error">{formatError}</p>}
        </div>
      </div>

      <fieldset className="mt-5">
        <legend className="text-sm font-semibold text-slate-900">{euUk ? 'Portion (optional: adds a per-portion column)' : 'Serving'}</legend>
        <div className="mt-2 grid gap-4 sm:grid-cols-2">
          <TextField
            field="serving.size_text"
            label={euUk ? 'Portion description' : 'Serving size (household measure)'}
            placeholder={euUk ? 'e.g. 1 bar' : 'e.g. 2/3 cup'}
            value={form.serving.size_text}
            onChange={(v) => set.setServing('size_text', v)}
          />
          {form.region === 'ca' && (
            <TextField
              field="serving.size_text_fr"
              label="Serving size in French"
              placeholder="e.g. 2/3 tasse"
              value={form.serving.size_text_fr}
              onChange={(v) => set.setServing('size_text_fr', v)}
            />
          )}
          <div className="flex items-end gap-2">
            <TextField
              field="serving.grams_or_ml"
              className="flex-1"
              label={euUk ? 'Portion' : 'Serving'}
              unit={form.serving.unit}
              numeric
              placeholder="e.g. 55"
              value={form.serving.grams_or_ml}
              onChange={(v) => set.setServing('grams_or_ml', v)}
            />
            <div>
              <label htmlFor={fieldId('serving.unit')} className="sr-only">
                Unit
              </label>
              <select
                id={fieldId('serving.unit')}
                className="field-input w-20"
                value={form.serving.unit}
                onChange={(e) => set.setServing('unit', e.target.value === 'ml' ? 'ml' : 'g')}
              >
                <option value="g">g</option>
                <option value="ml">ml</option>
              </select>
            </div>
          </div>
          <TextField
            field="serving.per_container"
            label={euUk ? 'Portions per pack' : 'Servings per container'}
            numeric
            placeholder="e.g. 8"
            value={form.serving.per_container}
            onChange={(v) => set.setServing('per_container', v)}
          />
        </div>
      </fieldset>

      <details className="mt-5 rounded-xl border border-slate-200 px-4 py-3" open={optionsError ? true : undefined}>
        <summary id={fieldId('options')} tabIndex={0} className="cursor-pointer text-sm font-semibold text-slate-900">
          Options
        </summary>
        {optionsError && <p className="field-error">{optionsError}</p>}
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="nf-opt-dv" className="field-label">
              {euUk ? '% Reference intake from' : '% Daily Value from'}
            </label>
            <select
              id="nf-opt-dv"
              className="field-input"
              value={form.options.dv_basis}
              onChange={(e) => set.setOption('dv_basis', e.target.value === 'actual' ? 'actual' : 'declared')}
            >
              <option value="declared">The declared (rounded) amount</option>
              <option value="actual">The actual amount</option>
            </select>
          </div>
          {form.region === 'us' && (
            <div>
              <label htmlFor="nf-opt-calories" className="field-label">
                Calories
              </label>
              <select
                id="nf-opt-calories"
                className="field-input"
                value={form.options.calories_method}
                onChange={(e) => set.setOption('calories_method', e.target.value as CaloriesMethod)}
              >
                {CALORIES_METHODS.map((m) => (
                  <option key={m.value} value={m.value}>
                    {m.label}
                  </option>
                ))}
              </select>
            </div>
          )}
          {euUk && (
            <div>
              <label htmlFor="nf-opt-negligible" className="field-label">
                Negligible amounts
              </label>
              <select
                id="nf-opt-negligible"
                className="field-input"
                value={form.options.eu_negligible}
                onChange={(e) => set.setOption('eu_negligible', e.target.value === 'zero' ? 'zero' : 'less_than')}
              >
                <option value="less_than">Print “&lt;0.5 g”</option>
                <option value="zero">Print “0 g”</option>
              </select>
            </div>
          )}
        </div>
        <fieldset className="mt-4">
          <legend className="field-label">Panel size (mm)</legend>
          <p className="text-xs text-slate-500">The package face the label goes on; a label too large for it says so.</p>
          <div className="mt-1 grid grid-cols-2 gap-3">
            <TextField
              field="render.panel.width_mm"
              label="Width"
              unit="mm"
              numeric
              value={form.panel.width_mm}
              onChange={(v) => set.setPanel('width_mm', v)}
            />
            <TextField
              field="render.panel.height_mm"
              label="Height"
              unit="mm"
              numeric
              value={form.panel.height_mm}
              onChange={(v) => set.setPanel('height_mm', v)}
            />
          </div>
        </fieldset>
      </details>
    </section>
  );
}
