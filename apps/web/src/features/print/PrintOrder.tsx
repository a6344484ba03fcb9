import { useMemo, useState, type FormEvent } from 'react';
import type { Factory, FactoryProcess, PrintCheck, PrintRequest, Quote } from '@packsmith/contracts';
import { FactoryCard, SampleNotice } from '../factories/FactoryCard';
import { errorText } from '../factories/labels';
import { useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';
import { PrintPdfLink, PrintRequestList } from './PrintRequestList';
import { QuoteSummary } from './QuoteSummary';
import { SpecForm, type PrintSpec } from './SpecForm';
import { parseQuantity, validatePrintForm, type PrintFormErrors } from './print-form';
import { useFactoriesByProcess, useLiveQuote, useSendPrintRequest, type EstimateInput } from './print-queries';

/** The factory process that makes a quote's route (a corrugated box goes to a corrugated plant). */
export function factoryProcessFor(quote: Quote): FactoryProcess | null {
  if (quote.spec.material === 'FLUTE') return 'corrugated';
  return quote.process === 'unit_table' ? null : quote.process;
}

function FactoryChoice({ quote, chosen, onChoose, error }: { quote: Quote; chosen: string | null; onChoose(f: Factory): void; error?: string }) {
  const [more, setMore] = useState(false);
  const process = factoryProcessFor(quote);
  const extra = useFactoriesByProcess(process, more);
  const factories = useMemo(() => {
    const seen = new Set(quote.factories.map((f) => f.id));
    return [...quote.factories, ...(more ? (extra.data?.list ?? []).filter((f) => !seen.has(f.id)) : [])];
  }, [quote.factories, more, extra.data]);
  return (
    <section aria-label="Factories that can make it" className="space-y-3">
      <h2 className="text-lg font-semibold text-slate-900">Factories that can make it</h2>
      <SampleNotice factories={factories} />
      {factories.length === 0 && !more && <p className="text-sm text-slate-500">No factory on the quote's shortlist: show the others below.</p>}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {factories.map((f) => (
          <FactoryCard key={f.id} factory={f} selected={f.id === chosen} onSelect={onChoose} />
        ))}
      </div>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      {!more && (
        <button type="button" className="btn-secondary h-9 px-4" onClick={() => setMore(true)}>
          Show more factories
        </button>
      )}
      {more && extra.isPending && <p className="text-sm text-slate-500">Loading factories…</p>}
    </section>
  );
}

function Confirmation({ request }: { request: PrintRequest }) {
  return (
    <section
      role="status"
      aria-label="Print request sent"
      className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-900"
      data-testid="print-sent"
    >
      <p className="text-lg font-semibold">Sent to {request.factory.name}. We emailed you a copy.</p>
      <p className="mt-1 text-sm">
        {request.spec.quantity.toLocaleString('en-US')} × {request.box.name} — the factory replies to {request.contact_email}.
      </p>
      {request.print_file_url && (
        <p className="mt-1 text-sm">
          Your print-ready file went with the request: <PrintPdfLink url={request.print_file_url} />
        </p>
      )}
    </section>
  );
}

/** Material and finish with the live quote, the factory, and the request that goes to it. */
export function PrintOrder({ check }: { check: PrintCheck }) {
  const user = useSessionStore((s) => s.user);
  const isUser = useSessionStore((s) => s.tokenType === 'user');
  const [spec, setSpec] = useState<PrintSpec>({ material: 'WHITE_BOARD', print: 'cmyk', finishes: [], quantity: '1000' });
  const [factoryId, setFactoryId] = useState<string | null>(null);
  const [name, setName] = useState<string | null>(null);
  const [email, setEmail] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<PrintFormErrors>({});
  const send = useSendPrintRequest();

  const quantity = parseQuantity(spec.quantity);
  const input: EstimateInput | null =
    quantity === null
      ? null
      : {
          box: check.box.slug,
          length_mm: check.length_mm,
          width_mm: check.width_mm,
          height_mm: check.height_mm,
          material: spec.material,
          print: spec.print,
          finishes: spec.finishes,
          quantity,
          project_id: check.project_id,
        };
  const quote = useLiveQuote(input);
  // The user's own details until they type others.
  const contactName = name ?? user?.name ?? '';
  const contactEmail = email ?? user?.email ?? '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isUser) {
      useUiStore.getState().open('loginModal');
      return;
    }
    const found = validatePrintForm({ factory_id: factoryId, quantity: spec.quantity, contact_name: contactName, contact_email: contactEmail, notes });
    setErrors(found);
    if (Object.keys(found).length > 0 || !input || !factoryId) return;
    send.mutate({
      ...input,
      project_id: check.project_id,
      quantity: quantity ?? 1,
      image_url: check.image_url,
      factory_id: factoryId,
      contact_name: contactName.trim(),
      contact_email: contactEmail.trim(),
      notes: notes.trim(),
    });
  };

  if (send.data) {
    return (
      <div className="space-y-6">
        <Confirmation request={send.data} />
        <PrintRequestList />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <SpecForm spec={spec} onChange={setSpec} materialError={quote.isError && !quote.isFetching ? errorText(quote.error) : null} />
      {quantity === null && <p className="field-error">Enter a whole number of boxes to see the price.</p>}
      {quote.isPending && quantity !== null && <p className="text-sm text-slate-500">Working out the price…</p>}
      {quote.data && !quote.isError && (
        <>
          <QuoteSummary quote={quote.data} updating={quote.isFetching} />
          <FactoryChoice
            quote={quote.data}
            chosen={factoryId}
            error={errors.factory_id}
            onChoose={(f) => {
              setFactoryId(f.id);
              setErrors((e) => ({ ...e, factory_id: undefined }));
            }}
          />
        </>
      )}
      <form aria-label="Print request" noValidate className="card space-y-4 p-4 sm:p-6" onSubmit={submit}>
        <h2 className="text-lg font-semibold text-slate-900">Your details for the factory</h2>
        {!isUser && (
          <p className="text-sm text-slate-600">
            Sending a print request needs an account, so the factory can reach you: sign in or register when you send it.
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <label className="min-w-0">
            <span className="field-label">Name</span>
            <input
              className="field-input"
              value={contactName}
              autoComplete="name"
              onChange={(e) => setName(e.target.value)}
              aria-invalid={errors.contact_name ? true : undefined}
            />
            {errors.contact_name && <span className="field-error">{errors.contact_name}</span>}
          </label>
          <label className="min-w-0">
            <span className="field-label">Email</span>
            <input
              className="field-input"
              type="email"
              value={contactEmail}
              autoComplete="email"
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={errors.contact_email ? true : undefined}
            />
            {errors.contact_email && <span className="field-error">{errors.contact_email}</span>}
          </label>
        </div>
        <label className="block">
          <span className="field-label">Notes for the factory (optional)</span>
          <textarea
            className="field-input min-h-24"
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            placeholder="Delivery address, deadline, questions…"
          />
          {errors.notes && <span className="field-error">{errors.notes}</span>}
        </label>
        {errors.quantity && <p className="field-error">{errors.quantity}</p>}
        {send.isError && (
          <p role="alert" className="field-error">
            {errorText(send.error)}
          </p>
        )}
        <button type="submit" className="btn-primary h-11 w-full px-6 sm:w-auto" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send print request'}
        </button>
      </form>
      {isUser && <PrintRequestList />}
    </div>
  );
}
