import type { ReactNode } from 'react';
import { fieldId } from '../nutrition-form';
import { useFieldError } from '../nutrition-context';

interface TextFieldProps {
  /** The input's field path in the call ("nutrients.fat"): its id, and where a 400 naming it shows. */
  field: string;
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  unit?: string;
  /** Numbers are typed as text (inputMode decimal) so "0.5" and "12," stay as typed. */
  numeric?: boolean;
  placeholder?: string;
  hint?: string;
  className?: string;
}

/** One labelled input with its unit and its error; Enter does nothing (there is no form to submit). */
export function TextField({ field, label, value, onChange, unit, numeric, placeholder, hint, className = '' }: TextFieldProps) {
  const id = fieldId(field);
  const error = useFieldError(field);
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={id} className="field-label">
        {label}
        {unit && <span className="ml-1 font-normal text-slate-500">({unit})</span>}
      </label>
      <input
        id={id}
        type="text"
        inputMode={numeric ? 'decimal' : undefined}
        autoComplete="off"
        className="field-input"
        value={value}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
