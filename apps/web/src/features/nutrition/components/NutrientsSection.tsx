import { useMemo, useState } from 'react';
import { nutrientFields } from '@packsmith/nutrition/fields';
import { useCurrentFieldError, useNutrition } from '../nutrition-context';
import { TextField } from './TextField';

/** The region's nutrients in label order; the voluntary ones behind "More nutrients" (open when one holds a figure). */
export function NutrientsSection() {
  const region = useNutrition((s) => s.form.region);
  const nutrients = useNutrition((s) => s.form.nutrients);
  const setNutrient = useNutrition((s) => s.setNutrient);
  const fields = useMemo(() => nutrientFields(region), [region]);
  const euUk = region === 'eu' || region === 'uk';
  // Energy is optional everywhere (computed from the macros when left empty) but always shown first.
  const main = fields.filter((f) => f.mandatory || f.key === 'energy_kcal');
  const more = fields.filter((f) => !f.mandatory && f.key !== 'energy_kcal');
  const [showMore, setShowMore] = useState(() => more.some((f) => (nutrients[f.key] ?? '') !== ''));
  const fieldError = useCurrentFieldError();
  // An error on a voluntary nutrient opens the list so it can be seen and focused.
  const moreOpen = showMore || more.some((f) => fieldError?.field === `nutrients.${f.key}`);

  const input = (f: (typeof fields)[number]) => (
    <TextField
      key={f.key}
      field={`nutrients.${f.key}`}
      label={f.label}
      unit={f.unit}
      numeric
      value={nutrients[f.key] ?? ''}
      onChange={(v) => setNutrient(f.key, v)}
      hint={f.key === 'energy_kcal' ? 'Leave empty to compute it from fat, carbohydrate and protein.' : undefined}
    />
  );

  return (
    <div>
      <p className="text-sm text-slate-600">{euUk ? 'Amounts per 100 g (or 100 ml) of the product.' : 'Amounts per serving.'}</p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">{main.map(input)}</div>
      {more.length > 0 && (
        <div className="mt-4">
          <button
            type="button"
            className="btn-secondary h-10 px-4 text-sm"
            aria-expanded={moreOpen}
            aria-controls="nf-more"
            onClick={() => setShowMore(!moreOpen)}
          >
            {moreOpen ? 'Fewer nutrients' : `More nutrients (${more.length})`}
          </button>
          <div id="nf-more" hidden={!moreOpen} className="mt-4 grid gap-4 sm:grid-cols-2">
            {moreOpen && more.map(input)}
          </div>
        </div>
      )}
    </div>
  );
}
