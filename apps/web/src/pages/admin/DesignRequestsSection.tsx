import { Fragment, useState } from 'react';
import {
  BOX_TYPES,
  BUDGET_RANGES,
  DESIGN_REQUEST_STATUSES,
  DESIGN_SERVICES,
  PRICE_POINTS,
  type DesignRequestRecord,
  type DesignRequestStatus,
} from '@packsmith/contracts';
import { useAdminDesignRequests, useSetDesignRequestStatus } from './admin-queries';
import { FormNote, ListState, Pager, Table, td, when } from './admin-ui';

export const STATUS_LABELS: Record<DesignRequestStatus, string> = { new: 'New', in_progress: 'In progress', answered: 'Answered', closed: 'Closed' };

const nameOf = (list: readonly { slug: string; name: string }[], slug: string | null) => (slug ? (list.find((x) => x.slug === slug)?.name ?? slug) : '—');
const packagingName = (slug: string) => (slug === 'not-sure' ? 'Not sure yet' : (BOX_TYPES.find((b) => b.slug === slug)?.name ?? slug));

function StatusSelect({ request }: { request: DesignRequestRecord }) {
  const save = useSetDesignRequestStatus();
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <div>
      <select
        className="field-input mt-0 h-9 min-w-36"
        aria-label={`Status of ${request.reference}`}
        value={request.status}
        disabled={save.isPending}
        onChange={(e) => {
          setSaved(null);
          const status = e.target.value as DesignRequestStatus;
          save.mutate({ request_id: request.request_id, status }, { onSuccess: () => setSaved(`Saved: ${STATUS_LABELS[status]}.`) });
        }}
      >
        {DESIGN_REQUEST_STATUSES.map((s) => (
          <option key={s} value={s}>
            {STATUS_LABELS[s]}
          </option>
        ))}
      </select>
      <FormNote error={save.error} done={saved} />
    </div>
  );
}

function Details({ request }: { request: DesignRequestRecord }) {
  const f = request.fields;
  const rows: [string, string][] = [
    ['Name', f.name],
    ['Email', f.email],
    ['Company', f.company || '—'],
    ['Country', f.country],
    ['Product', f.product],
    ['Brand', f.brand],
    ['Packaging type', packagingName(f.packaging_type)],
    ['Size', f.size || '—'],
    ['Quantity', f.quantity.toLocaleString('en-US')],
    ['Target market', f.target_market || '—'],
    ['Price point', nameOf(PRICE_POINTS, f.price_point)],
    ['Services', f.services.length ? f.services.map((s) => nameOf(DESIGN_SERVICES, s)).join(', ') : '—'],
    ['Deadline', f.deadline || '—'],
    ['Budget', nameOf(BUDGET_RANGES, f.budget)],
  ];
  return (
    <div className="space-y-4 bg-slate-50 px-3 py-4" data-testid={`design-request-details-${request.reference}`}>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {rows.map(([k, v]) => (
          <div key={k} className="min-w-0">
            <dt className="text-xs uppercase tracking-wide text-slate-500">{k}</dt>
            <dd className="break-words text-slate-800">{v}</dd>
          </div>
        ))}
      </dl>
      {f.links.length > 0 && (
        <div>
          <p className="text-xs uppercase tracking-wide text-slate-500">Links</p>
          <ul className="mt-1 space-y-1 text-sm">
            {f.links.map((l) => (
              <li key={l} className="break-all">
                <a href={l} target="_blank" rel="noopener noreferrer nofollow" className="text-violet-700 underline">
                  {l}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {f.attachments.length > 0 && (
        <div>
          <p className="text-xs uppercase tracking-wide text-slate-500">Reference images</p>
          <ul className="mt-2 flex flex-wrap gap-3">
            {f.attachments.map((url, i) => (
              <li key={url}>
                <a href={url} target="_blank" rel="noopener noreferrer">
                  <img
                    src={url}
                    alt={`Reference ${i + 1} of ${request.reference}`}
                    className="h-24 w-24 rounded-lg border border-slate-200 object-cover"
                    loading="lazy"
                  />
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div>
        <p className="text-xs uppercase tracking-wide text-slate-500">Notes</p>
        <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-800">{f.notes || '—'}</p>
      </div>
    </div>
  );
}

/** Design requests sent from /design-requirements: status kept here, mail delivery shown (pending ones are retried). */
export function DesignRequestsSection() {
  const [status, setStatus] = useState<DesignRequestStatus | null>(null);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const list = useAdminDesignRequests(status, page);
  return (
    <section aria-label="Design requests">
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <label className="text-sm text-slate-600" htmlFor="dr-status-filter">
          Show
        </label>
        <select
          id="dr-status-filter"
          className="field-input mt-0 h-9 w-auto"
          value={status ?? ''}
          onChange={(e) => {
            setStatus((e.target.value || null) as DesignRequestStatus | null);
            setPage(1);
          }}
        >
          <option value="">Every status</option>
          {DESIGN_REQUEST_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <ListState
        loading={list.isPending}
        error={list.error}
        empty={list.data?.items.length === 0}
        emptyText={status ? `No design requests with the status “${STATUS_LABELS[status]}”.` : 'No design requests yet.'}
        onRetry={() => void list.refetch()}
      >
        <Table caption="Design requests" head={['Reference', 'Received', 'Requester', 'Product', 'Packaging', 'Status', 'Mail', '']}>
          {list.data?.items.map((r) => {
            const expanded = open === r.request_id;
            return (
              <Fragment key={r.request_id}>
                <tr>
                  <td className={`${td} whitespace-nowrap font-mono text-xs`}>{r.reference}</td>
                  <td className={`${td} whitespace-nowrap`}>{when(r.create_at)}</td>
                  <td className={`${td} break-all`}>
                    {r.fields.name}
                    <span className="block text-xs text-slate-500">{r.fields.email}</span>
                  </td>
                  <td className={td}>
                    {r.fields.product}
                    <span className="block text-xs text-slate-500">{r.fields.brand}</span>
                  </td>
                  <td className={td}>{packagingName(r.fields.packaging_type)}</td>
                  <td className={td}>
                    <StatusSelect request={r} />
                  </td>
                  <td className={`${td} whitespace-nowrap`}>
                    {r.mail_status === 'sent' ? (
                      <span className="text-emerald-700">Sent</span>
                    ) : (
                      <span className="text-amber-700">
                        Pending
                        <span className="block text-xs">
                          {r.mail_attempts} {r.mail_attempts === 1 ? 'attempt' : 'attempts'}, retrying
                        </span>
                      </span>
                    )}
                  </td>
                  <td className={td}>
                    <button
                      type="button"
                      className="btn-secondary h-8 px-3 text-xs"
                      aria-expanded={expanded}
                      aria-controls={`dr-details-${r.request_id}`}
                      onClick={() => setOpen(expanded ? null : r.request_id)}
                    >
                      {expanded ? 'Hide details' : 'Details'}
                      <span className="sr-only"> of {r.reference}</span>
                    </button>
                  </td>
                </tr>
                {expanded && (
                  <tr id={`dr-details-${r.request_id}`}>
                    <td colSpan={8} className="p-0">
                      <Details request={r} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </Table>
        <Pager page={page} total={list.data?.total ?? 0} onPage={setPage} label="Design requests" />
      </ListState>
    </section>
  );
}
