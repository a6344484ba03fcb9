import { useId, useMemo, type FormEvent, type KeyboardEvent } from 'react';
import { useComboboxList } from '../../components/useComboboxList';
import { SUGGESTION_KIND_LABELS, suggestTags, type Suggestion } from './suggestions';

export interface SearchBoxProps {
  value: string;
  onValueChange(value: string): void;
  /** The form was sent with what is typed. */
  onSearch(keyword: string): void;
  /** A suggestion was chosen (click, or Enter on the highlighted one). */
  onPick(suggestion: Suggestion): void;
}

/**
 * The search field with suggestions from the tag list: an ARIA 1.2 combobox. ↓/↑ move through the
 * suggestions (aria-activedescendant, focus stays in the field), Enter picks the highlighted one or
 * searches what is typed, Escape closes the list (a second Escape clears the field).
 */
export function SearchBox({ value, onValueChange, onSearch, onPick }: SearchBoxProps) {
  const id = useId();
  const suggestions = useMemo(() => suggestTags(value), [value]);
  const { setOpen, active, setActive, expanded, optionId, listId, comboboxProps, pick, onListKey } = useComboboxList({
    id,
    items: suggestions,
    ready: suggestions.length > 0,
    onPick,
  });

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (onListKey(e)) return;
    // A second Escape (the list already closed) clears the field.
    if (e.key === 'Escape' && value) {
      e.preventDefault();
      onValueChange('');
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setOpen(false);
    setActive(-1);
    onSearch(value.trim());
  };

  return (
    <form role="search" onSubmit={submit} className="flex max-w-xl gap-2">
      <div className="relative min-w-0 flex-1">
        <label htmlFor={`${id}-input`} className="sr-only">
          Search design ideas
        </label>
        <input
          id={`${id}-input`}
          type="search"
          className="field-input mt-0"
          placeholder="e.g. coffee, minimalist, green"
          value={value}
          onChange={(e) => {
            onValueChange(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          {...comboboxProps}
          onKeyDown={onKeyDown}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          hidden={!expanded}
          className="absolute left-0 right-0 top-full z-20 mt-1 max-h-80 overflow-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
        >
          {suggestions.map((s, i) => (
            <li
              key={`${s.kind}-${s.value}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={`flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm ${i === active ? 'bg-violet-50 text-violet-800' : 'text-slate-700'}`}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => pick(s)}
            >
              <span className="flex items-center gap-2">
                {s.hex && <span aria-hidden="true" className="h-3.5 w-3.5 rounded-full border border-slate-300" style={{ backgroundColor: s.hex }} />}
                {s.label}
              </span>
              <span className="text-xs text-slate-400">{SUGGESTION_KIND_LABELS[s.kind]}</span>
            </li>
          ))}
        </ul>
      </div>
      <button type="submit" className="btn-primary h-11 px-5">
        Search
      </button>
    </form>
  );
}
