import { useEffect, useState, type KeyboardEvent } from 'react';
import { useComboboxList } from '../../../components/useComboboxList';
import type { NutritionFood } from '@packsmith/contracts';
import { searchFoods } from '../nutrition-api';
import { useFieldError } from '../nutrition-context';

/** Suggestions are asked for this long after the last keystroke. */
export const FOOD_SEARCH_DEBOUNCE_MS = 150;

interface FoodComboboxProps {
  id: string;
  /** The field path its errors come under ("recipe.ingredients.0.name"). */
  field: string;
  label: string;
  value: string;
  onType(value: string): void;
  onPick(food: NutritionFood): void;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * An ingredient's name with suggestions from the composition table and my own entries: an ARIA 1.2
 * combobox as the ideas search is. ↓/↑ move (focus stays in the field), Enter picks the highlighted
 * suggestion (and only then: it never submits anything), Escape closes the list.
 */
export function FoodCombobox({ id, field, label, value, onType, onPick, invalid, describedBy }: FoodComboboxProps) {
  const [foods, setFoods] = useState<NutritionFood[]>([]);
  const [loading, setLoading] = useState(false);
  const error = useFieldError(field);
  const query = value.trim();

  const { open, setOpen, active, setActive, expanded, optionId, listId, comboboxProps, pick, onListKey } = useComboboxList({
    id,
    items: foods,
    ready: query.length >= 2 && (foods.length > 0 || !loading),
    onPick,
  });

  useEffect(() => {
    if (!open || query.length < 2) {
      setFoods([]);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      searchFoods(query, controller.signal).then(
        (list) => {
          if (controller.signal.aborted) return;
          setFoods(list);
          setLoading(false);
        },
        () => {
          if (controller.signal.aborted) return;
          setFoods([]);
          setLoading(false);
        },
      );
    }, FOOD_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, open]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // Enter never submits the form around the field: it picks the highlighted suggestion or does nothing.
    if (!onListKey(e) && e.key === 'Enter') e.preventDefault();
  };

  return (
    <div className="relative min-w-0">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        type="text"
        aria-invalid={invalid || error ? true : undefined}
        aria-describedby={[describedBy, error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
        className="field-input"
        placeholder="e.g. flour"
        value={value}
        onChange={(e) => {
          onType(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        {...comboboxProps}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={`Ingredients matching ${query}`}
        hidden={!expanded}
        className="absolute left-0 right-0 top-full z-20 mt-1 max-h-72 overflow-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
      >
        {foods.map((f, i) => (
          <li
            key={f.food_id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={`flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm ${i === active ? 'bg-violet-50 text-violet-800' : 'text-slate-700'}`}
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => setActive(i)}
            onClick={() => pick(f)}
          >
            <span className="min-w-0 truncate">{f.name}</span>
            <span className="shrink-0 text-xs text-slate-400">{f.source === 'mine' ? 'My ingredient' : (f.per_100g.energy_kcal ?? '–') + ' kcal/100 g'}</span>
          </li>
        ))}
        {foods.length === 0 && !loading && <li className="px-3 py-2 text-sm text-slate-500">No ingredient found. Add your own below.</li>}
      </ul>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
