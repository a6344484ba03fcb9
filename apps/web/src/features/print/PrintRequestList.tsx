import type { PrintRequest } from '@packsmith/contracts';
import { money } from './labels';
import { useMyPrintRequests } from './print-queries';

const STATUS_LABELS: Record<PrintRequest['status'], string> = {
  sent: 'Sent',
  quoted: 'Quoted',
  in_production: 'In production',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
};

/** The print-ready PDF a Business member's request went with (a file of theirs, as an editor export). */
export function PrintPdfLink({ url }: { url: string }) {
  return (
    <a className="font-medium text-violet-700 hover:underline" href={url} download target="_blank" rel="noreferrer" data-testid="print-pdf">
      Print PDF
    </a>
  );
}

/**
 * The signed-in user's print requests, newest first. On /print it always shows (with its empty state);
 * the projects screen passes `hideWhenEmpty`, so it appears there only once a request was sent.
 */
export function PrintRequestList({ hideWhenEmpty = false }: { hideWhenEmpty?: boolean }) {
  const list = useMyPrintRequests(true);
  if (list.isPending) return hideWhenEmpty ? null : <p className="text-sm text-slate-500">Loading your print requests…</p>;
  if (list.isError) return <p className="text-sm text-rose-700">Your print requests could not be loaded.</p>;
  if (hideWhenEmpty && list.data.list.length === 0) return null;
  return (
    <section aria-label="Your print requests" className="space-y-3" data-testid="my-print-requests">
      <h2 className="text-lg font-semibold text-slate-900">Your print requests</h2>
      {list.data.list.length === 0 ? (
        <p className="text-sm text-slate-500">You have not sent a print request yet.</p>
      ) : (
        <ul className="space-y-2">
          {list.data.list.map((r) => (
            <li key={r.id} className="card flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
              <span className="min-w-0 break-words">
                <span className="font-medium text-slate-900">{r.box.name}</span> · {r.spec.quantity.toLocaleString('en-US')} boxes · {r.factory.name} (
                {r.factory.city})
              </span>
              <span className="text-slate-600">
                {money(r.total, r.currency)} · {STATUS_LABELS[r.status]} · {new Date(r.created_at).toLocaleDateString(undefined, { dateStyle: 'medium' })}
                {r.print_file_url && (
                  <>
                    {' · '}
                    <PrintPdfLink url={r.print_file_url} />
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
