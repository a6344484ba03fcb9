import { COLOUR_TAGS, IDEA_SORTS, STYLE_TAGS } from '@packsmith/contracts';
import { useId } from 'react';
import { BOX_FILTER_GROUPS, SORT_LABELS, hasNarrowingFilter, type IdeaFilters, type IdeaSort } from './filters';

export interface IdeaFiltersBarProps {
  filters: IdeaFilters;
  onChange(key: 'box' | 'style' | 'color' | 'sort', value: string | null): void;
  onClear(): void;
}

/**
 * The gallery's filters: box type, style chips, colour swatches and sort. Chips and swatches are
 * toggle buttons (aria-pressed); pressing the chosen one again removes that filter.
 */
export function IdeaFiltersBar({ filters, onChange, onClear }: IdeaFiltersBarProps) {
  const id = useId();
  const narrowing = hasNarrowingFilter(filters);
  return (
    <div role="group" aria-label="Filter ideas" className="space-y-3 rounded-2xl border border-slate-200 bg-slate-50/60 p-3 sm:p-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 sm:max-w-xs">
          <label htmlFor={`${id}-box`} className="field-label">
            Box type
          </label>
          <select id={`${id}-box`} className="field-input" value={filters.box ?? ''} onChange={(e) => onChange('box', e.target.value || null)}>
            <option value="">Any box type</option>
            {BOX_FILTER_GROUPS.map((g) => (
              <optgroup key={g.label} label={g.label}>
                {g.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-sort`} className="field-label">
            Sort
          </label>
          <select
            id={`${id}-sort`}
            className="field-input"
            value={filters.sort ?? 'popular'}
            onChange={(e) => onChange('sort', e.target.value === 'popular' ? null : e.target.value)}
          >
            {IDEA_SORTS.map((s: IdeaSort) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        {narrowing && (
          <button type="button" className="btn-secondary h-11 px-4" onClick={onClear}>
            Clear filters
          </button>
        )}
      </div>

      {/* One scrolling row each for styles and colours, so the grid starts near the top of the page. */}
      <fieldset className="min-w-0">
        <legend className="field-label">Style</legend>
        <div className="-mx-1 mt-1.5 flex gap-2 overflow-x-auto px-1 pb-1.5">
          {STYLE_TAGS.map((s) => {
            const on = filters.style === s.slug;
            return (
              <button
                key={s.slug}
                type="button"
                aria-pressed={on}
                className={`chip shrink-0 px-3 py-1 ${on ? 'chip-active' : ''}`}
                onClick={() => onChange('style', on ? null : s.slug)}
              >
                {s.name}
              </button>
            );
          })}
        </div>
      </fieldset>

      <fieldset className="min-w-0">
        <legend className="field-label">Colour</legend>
        <div className="-mx-1 mt-1.5 flex gap-2 overflow-x-auto px-1 py-1.5">
          {COLOUR_TAGS.map((c) => {
            const on = filters.color === c.slug;
            return (
              <button
                key={c.slug}
                type="button"
                aria-pressed={on}
                aria-label={c.name}
                title={c.name}
                className={`h-8 w-8 shrink-0 rounded-full border shadow-sm transition-transform hover:scale-110 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-violet-200 ${
                  on ? 'border-violet-700 ring-2 ring-violet-600 ring-offset-2' : 'border-slate-300'
                }`}
                style={{ backgroundColor: c.hex }}
                onClick={() => onChange('color', on ? null : c.slug)}
              />
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
