import { useId, useMemo, type FormEvent, type ReactNode } from 'react';
import {
  DESIGN_REQUEST_MAX_LINKS,
  DESIGN_REQUEST_MAX_QUANTITY,
  DESIGN_REQUEST_NOTES_MAX,
  PACKAGING_TYPE_NOT_SURE,
  type CallData,
  type requestCalls,
} from '@packsmith/contracts';
import { ReferenceImages } from './ReferenceImages';
import { fieldId, localToday, type DesignRequestForm as Form, type FieldName, type FormErrors } from './design-request-form';

export type Subjects = CallData<typeof requestCalls.subjectList>;

interface FormProps {
  form: Form;
  errors: FormErrors;
  subjects: Subjects | undefined;
  subjectsError: boolean;
  onRetrySubjects(): void;
  sending: boolean;
  /** The refusal that names no field (network down, server error), shown above the send button. */
  sendError: string | null;
  onChange(patch: Partial<Form>): void;
  onSubmit(): void;
}

const describedBy = (field: FieldName, errors: FormErrors, hint?: boolean) =>
  [errors[field] ? `${fieldId(field)}-error` : '', hint ? `${fieldId(field)}-hint` : ''].filter(Boolean).join(' ') || undefined;

function ErrorText({ field, errors }: { field: FieldName; errors: FormErrors }) {
  const message = errors[field];
  if (!message) return null;
  return (
    <p id={`${fieldId(field)}-error`} className="field-error">
      {message}
    </p>
  );
}

function Hint({ field, children }: { field: FieldName; children: ReactNode }) {
  return (
    <p id={`${fieldId(field)}-hint`} className="mt-1.5 text-xs text-slate-500">
      {children}
    </p>
  );
}

interface TextProps {
  field: FieldName;
  label: string;
  form: Form;
  errors: FormErrors;
  onChange(patch: Partial<Form>): void;
  required?: boolean;
  type?: string;
  autoComplete?: string;
  placeholder?: string;
  hint?: string;
  inputMode?: 'numeric' | 'email' | 'text';
  min?: string;
}

function TextField({ field, label, form, errors, onChange, required, type = 'text', autoComplete, placeholder, hint, inputMode, min }: TextProps) {
  const value = form[field];
  return (
    <div className="min-w-0">
      <label htmlFor={fieldId(field)} className="field-label">
        {label}
        {!required && <span className="font-normal text-slate-500"> (optional)</span>}
      </label>
      <input
        id={fieldId(field)}
        name={field}
        type={type}
        className="field-input"
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange({ [field]: e.target.value })}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(field, errors, Boolean(hint))}
        aria-required={required ? true : undefined}
        autoComplete={autoComplete}
        placeholder={placeholder}
        inputMode={inputMode}
        min={min}
      />
      {hint && <Hint field={field}>{hint}</Hint>}
      <ErrorText field={field} errors={errors} />
    </div>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="card min-w-0 p-4 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-slate-500">{description}</p>}
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

/** The packaging types grouped by their catalogue category, in catalogue order. */
function groupedTypes(subjects: Subjects | undefined): { category: string; types: Subjects['packaging_types'] }[] {
  const groups = new Map<string, Subjects['packaging_types']>();
  for (const t of subjects?.packaging_types ?? []) groups.set(t.category, [...(groups.get(t.category) ?? []), t]);
  return [...groups].map(([category, types]) => ({ category, types }));
}

/** The design request form, in the sections a packaging studio asks about. */
export function DesignRequestForm({ form, errors, subjects, subjectsError, onRetrySubjects, sending, sendError, onChange, onSubmit }: FormProps) {
  const groups = useMemo(() => groupedTypes(subjects), [subjects]);
  const text = { form, errors, onChange };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  const setLink = (i: number, value: string) => onChange({ links: form.links.map((l, j) => (j === i ? value : l)) });
  const notesLeft = DESIGN_REQUEST_NOTES_MAX - form.notes.length;

  return (
    <form aria-label="Design request" noValidate onSubmit={submit} className="space-y-6">
      {subjectsError && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800">
          <span>The list of packaging types and services could not be loaded.</span>
          <button type="button" className="btn-secondary h-8 px-3 text-xs" onClick={onRetrySubjects}>
            Try again
          </button>
        </div>
      )}

      <Section title="Contact" description="Who we reply to.">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field="name" label="Your name" required autoComplete="name" {...text} />
          <TextField field="email" label="Email" required type="email" inputMode="email" autoComplete="email" {...text} />
          <TextField field="company" label="Company" autoComplete="organization" {...text} />
          <TextField field="country" label="Country" required autoComplete="country-name" {...text} />
        </div>
      </Section>

      <Section title="Product" description="What goes in the pack.">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field="product" label="Product name" required placeholder="e.g. Loose-leaf green tea, 100 g" {...text} />
          <TextField field="brand" label="Brand" required placeholder="e.g. Leafline" {...text} />
          <div className="min-w-0">
            <label htmlFor={fieldId('packaging_type')} className="field-label">
              Packaging type
            </label>
            <select
              id={fieldId('packaging_type')}
              name="packaging_type"
              className="field-input"
              value={form.packaging_type}
              onChange={(e) => onChange({ packaging_type: e.target.value })}
              aria-invalid={errors.packaging_type ? true : undefined}
              aria-describedby={describedBy('packaging_type', errors)}
              aria-required
            >
              <option value="">{subjects ? 'Choose a packaging type…' : 'Loading packaging types…'}</option>
              <option value={PACKAGING_TYPE_NOT_SURE}>Not sure yet</option>
              {groups.map((g) => (
                <optgroup key={g.category} label={g.category}>
                  {g.types.map((t) => (
                    <option key={t.slug} value={t.slug}>
                      {t.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            <ErrorText field="packaging_type" errors={errors} />
          </div>
          <TextField field="size" label="Size" placeholder="e.g. 80 × 40 × 150 mm, or 250 ml" {...text} />
          <TextField
            field="quantity"
            label="Quantity"
            required
            inputMode="numeric"
            placeholder="e.g. 5000"
            hint={`Packs in the first print run (1 to ${DESIGN_REQUEST_MAX_QUANTITY.toLocaleString('en-US')}).`}
            {...text}
          />
        </div>
      </Section>

      <Section title="Market" description="Who buys it and where it sits on the shelf.">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field="target_market" label="Target market" placeholder="e.g. Specialty tea shops, 25–45" {...text} />
          <div className="min-w-0">
            <label htmlFor={fieldId('price_point')} className="field-label">
              Price point <span className="font-normal text-slate-500">(optional)</span>
            </label>
            <select
              id={fieldId('price_point')}
              name="price_point"
              className="field-input"
              value={form.price_point}
              onChange={(e) => onChange({ price_point: e.target.value })}
              aria-invalid={errors.price_point ? true : undefined}
              aria-describedby={describedBy('price_point', errors)}
            >
              <option value="">Not decided</option>
              {(subjects?.price_points ?? []).map((p) => (
                <option key={p.slug} value={p.slug}>
                  {p.name}
                </option>
              ))}
            </select>
            <ErrorText field="price_point" errors={errors} />
          </div>
        </div>
      </Section>

      <Section title="Services" description="What you would like us to do (pick any).">
        <div
          id={fieldId('services')}
          role="group"
          aria-label="Services"
          tabIndex={-1}
          aria-describedby={describedBy('services', errors)}
          className="grid gap-3 sm:grid-cols-2"
        >
          {(subjects?.services ?? []).map((s) => {
            const checked = form.services.includes(s.slug);
            return (
              <label
                key={s.slug}
                className={`flex cursor-pointer gap-3 rounded-xl border p-3 ${checked ? 'border-violet-400 bg-violet-50' : 'border-slate-200 bg-white'}`}
              >
                <input
                  type="checkbox"
                  className="mt-1 h-4 w-4 accent-violet-600"
                  checked={checked}
                  onChange={() => onChange({ services: checked ? form.services.filter((x) => x !== s.slug) : [...form.services, s.slug] })}
                />
                <span>
                  <span className="block text-sm font-medium text-slate-900">{s.name}</span>
                  <span className="block text-xs text-slate-500">{s.description}</span>
                </span>
              </label>
            );
          })}
        </div>
        <ErrorText field="services" errors={errors} />
      </Section>

      <Section title="Style references" description="Packs, moods or colours you like: upload images, paste links, or both.">
        <ReferenceImages
          id={fieldId('attachments')}
          images={form.attachments}
          onChange={(attachments) => onChange({ attachments })}
          error={errors.attachments}
        />
        <div>
          <p className="field-label">
            Links <span className="font-normal text-slate-500">(optional, up to {DESIGN_REQUEST_MAX_LINKS})</span>
          </p>
          <div className="space-y-2">
            {form.links.map((link, i) => (
              <div key={i} className="flex gap-2">
                <input
                  id={i === 0 ? fieldId('links') : undefined}
                  type="url"
                  inputMode="url"
                  className="field-input mt-1.5"
                  value={link}
                  placeholder="https://…"
                  aria-label={`Link ${i + 1}`}
                  aria-invalid={errors.links ? true : undefined}
                  aria-describedby={describedBy('links', errors)}
                  onChange={(e) => setLink(i, e.target.value)}
                />
                {form.links.length > 1 && (
                  <button
                    type="button"
                    className="btn-secondary mt-1.5 h-11 shrink-0 px-3"
                    aria-label={`Remove link ${i + 1}`}
                    onClick={() => onChange({ links: form.links.filter((_, j) => j !== i) })}
                  >
                    Remove
                  </button>
                )}
              </div>
            ))}
          </div>
          {form.links.length < DESIGN_REQUEST_MAX_LINKS && (
            <button type="button" className="btn-secondary mt-2 h-9 px-3 text-sm" onClick={() => onChange({ links: [...form.links, ''] })}>
              Add another link
            </button>
          )}
          <ErrorText field="links" errors={errors} />
        </div>
      </Section>

      <Section title="Timing and budget">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field="deadline" label="Deadline" type="date" min={localToday()} hint="When you need print-ready files." {...text} />
          <div className="min-w-0">
            <label htmlFor={fieldId('budget')} className="field-label">
              Budget <span className="font-normal text-slate-500">(optional)</span>
            </label>
            <select
              id={fieldId('budget')}
              name="budget"
              className="field-input"
              value={form.budget}
              onChange={(e) => onChange({ budget: e.target.value })}
              aria-invalid={errors.budget ? true : undefined}
              aria-describedby={describedBy('budget', errors)}
            >
              <option value="">Choose a range…</option>
              {(subjects?.budgets ?? []).map((b) => (
                <option key={b.slug} value={b.slug}>
                  {b.name}
                </option>
              ))}
            </select>
            <ErrorText field="budget" errors={errors} />
          </div>
        </div>
      </Section>

      <Section title="Notes">
        <div>
          <label htmlFor={fieldId('notes')} className="field-label">
            Anything else we should know <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <textarea
            id={fieldId('notes')}
            name="notes"
            className="field-input h-auto min-h-32 py-2"
            value={form.notes}
            maxLength={DESIGN_REQUEST_NOTES_MAX}
            onChange={(e) => onChange({ notes: e.target.value })}
            aria-invalid={errors.notes ? true : undefined}
            aria-describedby={[describedBy('notes', errors), `${fieldId('notes')}-count`].filter(Boolean).join(' ')}
            placeholder="Must-have elements, materials, what you want to avoid…"
          />
          <p
            id={`${fieldId('notes')}-count`}
            className={`mt-1.5 text-right text-xs ${notesLeft < 200 ? 'text-amber-700' : 'text-slate-500'}`}
            aria-live="polite"
          >
            {form.notes.length.toLocaleString('en-US')} / {DESIGN_REQUEST_NOTES_MAX.toLocaleString('en-US')} characters
          </p>
          <ErrorText field="notes" errors={errors} />
        </div>
      </Section>

      <div className="space-y-3 pb-16">
        {sendError && (
          <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-700">
            <span>{sendError} Everything you typed is still here.</span>
            <button type="submit" className="btn-secondary h-8 px-3 text-xs" disabled={sending}>
              Try again
            </button>
          </div>
        )}
        {Object.keys(errors).length > 0 && (
          <p className="text-sm text-rose-600" role="status">
            Please check the {Object.keys(errors).length === 1 ? 'field' : `${Object.keys(errors).length} fields`} marked above.
          </p>
        )}
        <button type="submit" className="btn-primary h-12 w-full px-8 text-base sm:w-auto" disabled={sending}>
          {sending ? 'Sending…' : 'Send design request'}
        </button>
        <p className="text-xs text-slate-500">We email you a copy with your reference number, and a designer replies within two working days.</p>
      </div>
    </form>
  );
}
