import { useState } from 'react';
import type { NutritionComputed } from '@packsmith/contracts';
import { fieldId, filledRows } from '../nutrition-form';
import { useNutrition } from '../nutrition-context';
import { FoodCombobox } from './FoodCombobox';
import { OwnFoodDialog } from './OwnFoodDialog';
import { TextField } from './TextField';

/**
 * Recipe mode: ingredient rows (name with suggestions, grams, remove), "Add my own ingredient", and the
 * cooked weight. Rows the composition table did not know are flagged (their nutrients count as 0).
 */
export function RecipeSection({ label }: { label: NutritionComputed | null }) {
  const form = useNutrition((s) => s.form);
  const store = useNutrition((s) => s);
  const [ownOpen, setOwnOpen] = useState(false);
  const sent = filledRows(form);
  // Errors and `unmatched` count the rows sent (those with a name), not the empty ones on screen.
  const sentIndex = (key: string) => sent.findIndex((r) => r.key === key);
  const unmatched = new Set((label?.unmatched ?? []).map((u) => u.index));

  return (
    <div>
      <p className="text-sm text-slate-600">Ingredients of the whole recipe with their weights; the label divides them into servings.</p>
      <ul className="mt-3 grid gap-3" aria-label="Ingredients">
        {form.ingredients.map((row, i) => {
          const n = sentIndex(row.key);
          const path = `recipe.ingredients.${n >= 0 ? n : `new${i}`}`;
          const flagged = n >= 0 && unmatched.has(n);
          return (
            <li key={row.key} className="rounded-xl border border-slate-200 p-3">
              <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_8rem_auto] sm:items-end">
                <FoodCombobox
                  id={fieldId(`${path}.name`)}
                  field={`${path}.name`}
                  label={`Ingredient ${i + 1}`}
                  value={row.name}
                  invalid={flagged}
                  describedBy={flagged ? `${fieldId(path)}-unmatched` : undefined}
                  onType={(name) => store.updateIngredient(row.key, { name, food_id: undefined })}
                  onPick={(food) => store.updateIngredient(row.key, { name: food.name, food_id: food.food_id })}
                />
                <TextField
                  field={`${path}.grams`}
                  label="Weight"
                  unit="g"
                  numeric
                  value={row.grams}
                  onChange={(grams) => store.updateIngredient(row.key, { grams })}
                />
                <button
                  type="button"
                  className="btn-secondary h-11 px-3 text-sm"
                  aria-label={`Remove ingredient ${i + 1}${row.name ? ` (${row.name})` : ''}`}
                  onClick={() => store.removeIngredient(row.key)}
                >
                  Remove
                </button>
              </div>
              {flagged && (
                <p id={`${fieldId(path)}-unmatched`} className="mt-2 text-sm text-amber-700">
                  Not found in the ingredient table: it counts as 0. Pick a suggestion or add it as your own ingredient.
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn-secondary h-10 px-4 text-sm" onClick={() => store.addIngredient()}>
          Add ingredient
        </button>
        <button type="button" className="btn-secondary h-10 px-4 text-sm" onClick={() => setOwnOpen(true)}>
          Add my own ingredient
        </button>
      </div>
      <div className="mt-4 max-w-xs">
        <TextField
          field="recipe.yield_grams"
          label="Yield after cooking"
          unit="g"
          numeric
          value={form.yield_grams}
          onChange={store.setYield}
          hint="The cooked weight, when water is lost; leave empty for the raw total."
        />
      </div>
      <OwnFoodDialog
        open={ownOpen}
        onClose={() => setOwnOpen(false)}
        onSaved={(food) => {
          setOwnOpen(false);
          const empty = form.ingredients.find((r) => !r.name.trim() && !r.food_id);
          if (empty) store.updateIngredient(empty.key, { name: food.name, food_id: food.food_id });
          else store.addIngredient({ name: food.name, food_id: food.food_id });
        }}
      />
    </div>
  );
}
