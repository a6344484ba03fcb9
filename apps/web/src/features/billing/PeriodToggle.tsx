import type { Period } from './plans';

export function PeriodToggle({ value, onChange }: { value: Period; onChange(p: Period): void }) {
  return (
    <div role="radiogroup" aria-label="Billing period" className="inline-grid grid-cols-2 rounded-full bg-slate-100 p-1 text-sm font-medium">
      {(['month', 'year'] as const).map((p) => (
        <button
          key={p}
          type="button"
          role="radio"
          aria-checked={value === p}
          onClick={() => onChange(p)}
          className={`rounded-full px-4 py-1.5 transition-colors ${value === p ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-500 hover:text-slate-800'}`}
        >
          {p === 'month' ? 'Monthly' : 'Yearly'}
        </button>
      ))}
    </div>
  );
}
