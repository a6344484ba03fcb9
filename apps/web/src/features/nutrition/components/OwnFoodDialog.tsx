import { useState } from 'react';
import type { NutritionFood } from '@packsmith/contracts';
import { nutrientFields } from '@packsmith/nutrition/fields';
import { ApiError } from '../../../api/error-catalogue';
import { Dialog } from '../../../components/Dialog';
import { saveFood } from '../nutrition-api';
import { errorField, toAmount } from '../nutrition-form';

/** The figures asked for an own ingredient: the US label's mandatory macros (enough for every region). */
const KEYS = ['energy_kcal', 'fat', 'saturated_fat', 'trans_fat', 'cholesterol', 'sodium', 'carbohydrate', 'fiber', 'sugars', 'added_sugars', 'protein'];
const FIELDS = nutrientFields('us').filter((f) => KEYS.includes(f.key));

interface OwnFoodDialogProps {
  open: boolean;
  onClose(): void;
  onSaved(food: NutritionFood): void;
}

/** "Add my own ingredient": its name and figures per 100 g, saved to my ingredients (saveFood). */
export function OwnFoodDialog({ open, onClose, onSaved }: OwnFoodDialogProps) {
  const [name, setName] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [allergens, setAllergens] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);

  const save = async () => {
    setSaving(true);
    setError(null);
    const per100g: Record<string, string> = {};
    for (const [k, v] of Object.entries(values)) {
      const a = toAmount(v);
      if (a !== undefined) per100g[k] = a;
    }
    const list = allergens
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    try {
      const food = await saveFood({ name: name.trim(), per_100g: per100g, ...(list.length ? { allergens: list } : {}) });
      setName('');
      setValues({});
      setAllergens('');
      onSaved(food);
    } catch (e) {
      const message = e instanceof ApiError ? e.message : 'The ingredient could not be saved.';
      const field = errorField(message);
      setError({ field, message });
      const id = field === 'name' ? 'nf-own-name' : field?.startsWith('per_100g.') ? `nf-own-${field.slice(9)}` : null;
      if (id) setTimeout(() => document.getElementById(id)?.focus(), 0);
    } finally {
      setSaving(false);
    }
  };

  const errorOn = (f: string) => (error?.field === f ? error.message : null);

  return (
    <Dialog open={open} onClose={onClose} title="Add my own ingredient" size="lg">
      <p className="text-sm text-slate-600">Figures per 100 g, from the supplier's specification or the pack. Saved to your ingredients for every label.</p>
      <div className="mt-4">
        <label htmlFor="nf-own-name" className="field-label">
          Name
        </label>
        <input
          id="nf-own-name"
          data-autofocus
          type="text"
          className="field-input"
          value={name}
          aria-invalid={errorOn('name') ? true : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        {errorOn('name') && <p className="field-error">{errorOn('name')}</p>}
      </div>
      <div className="mt-4 grid gap-3 sm:grid-cols-3">
        {FIELDS.map((f) => (
          <div key={f.key}>
            <label htmlFor={`nf-own-${f.key}`} className="field-label">
              {f.label} <span className="font-normal text-slate-500">({f.unit} per 100 g)</span>
            </label>
            <input
              id={`nf-own-${f.key}`}
              type="text"
              inputMode="decimal"
              className="field-input"
              value={values[f.key] ?? ''}
              aria-invalid={errorOn(`per_100g.${f.key}`) ? true : undefined}
              onChange={(e) => setValues({ ...values, [f.key]: e.target.value })}
            />
            {errorOn(`per_100g.${f.key}`) && <p className="field-error">{errorOn(`per_100g.${f.key}`)}</p>}
          </div>
        ))}
      </div>
      <div className="mt-4">
        <label htmlFor="nf-own-allergens" className="field-label">
          Allergens it contains <span className="font-normal text-slate-500">(comma separated, e.g. milk, soy)</span>
        </label>
        <input id="nf-own-allergens" type="text" className="field-input" value={allergens} onChange={(e) => setAllergens(e.target.value)} />
      </div>
      {error && !error.field && (
        <p className="field-error" role="alert">
          {error.message}
        </p>
      )}
      {error?.field && !['name', ...FIELDS.map((f) => `per_100g.${f.key}`)].includes(error.field) && (
        <p className="field-error" role="alert">
          {error.message}
        </p>
      )}
      <div className="mt-6 flex justify-end gap-2">
        <button type="button" className="btn-secondary h-10 px-4 text-sm" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn-primary h-10 px-4 text-sm" disabled={saving || !name.trim()} onClick={() => void save()}>
          {saving ? 'Saving…' : 'Save ingredient'}
        </button>
      </div>
    </Dialog>
  );
}
