import { useState } from 'react';
import { useAdminActions, useCancellations, usePaymentEvents } from './admin-queries';
import { ListState, Pager, Table, td, when } from './admin-ui';
import { planName } from './plan-names';

/** What users wrote when they cancelled. */
export function CancellationsSection() {
  const [page, setPage] = useState(1);
  const list = useCancellations(page);
  return (
    <section aria-label="Cancellations">
      <ListState
        loading={list.isPending}
        error={list.error}
        empty={list.data?.items.length === 0}
        emptyText="No one has cancelled yet."
        onRetry={() => void list.refetch()}
      >
        <ul className="space-y-3">
          {list.data?.items.map((c) => (
            <li key={c.id} className="card p-4">
              <p className="text-xs text-slate-500">
                {when(c.created_at)} · {c.email ?? c.user_id} · {planName(c.vip_type)}
              </p>
              <p className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-800">{c.comment || <span className="text-slate-400">No comment.</span>}</p>
            </li>
          ))}
        </ul>
        <Pager page={page} total={list.data?.total ?? 0} onPage={setPage} label="Cancellations" />
      </ListState>
    </section>
  );
}

/** Webhook events from the payment provider (or the sandbox) and what we did with each. */
export function PaymentEventsSection() {
  const [page, setPage] = useState(1);
  const list = usePaymentEvents(page);
  return (
    <section aria-label="Payment events">
      <ListState
        loading={list.isPending}
        error={list.error}
        empty={list.data?.items.length === 0}
        emptyText="No payment events yet."
        onRetry={() => void list.refetch()}
      >
        <Table caption="Payment events" head={['Received', 'Provider', 'Event', 'User', 'Outcome', 'Event id']}>
          {list.data?.items.map((e) => (
            <tr key={e.id}>
              <td className={td}>{when(e.received_at)}</td>
              <td className={td}>{e.provider}</td>
              <td className={`${td} font-mono text-xs`}>{e.type}</td>
              <td className={`${td} break-all text-xs`}>{e.user_id ?? '—'}</td>
              <td className={td}>{e.outcome}</td>
              <td className={`${td} break-all font-mono text-xs`}>{e.id}</td>
            </tr>
          ))}
        </Table>
        <Pager page={page} total={list.data?.total ?? 0} onPage={setPage} label="Payment events" />
      </ListState>
    </section>
  );
}

/** Every admin change, who made it and when (the CLI's as cli:<login>). */
export function AdminLogSection() {
  const [page, setPage] = useState(1);
  const list = useAdminActions(page);
  return (
    <section aria-label="Admin log">
      <ListState
        loading={list.isPending}
        error={list.error}
        empty={list.data?.items.length === 0}
        emptyText="No admin actions yet."
        onRetry={() => void list.refetch()}
      >
        <Table caption="Admin log" head={['When', 'Who', 'Action', 'User', 'Details']}>
          {list.data?.items.map((a) => (
            <tr key={a.id}>
              <td className={td}>{when(a.created_at)}</td>
              <td className={`${td} break-all`}>{a.admin_email ?? a.admin_user_id}</td>
              <td className={`${td} font-mono text-xs`}>{a.action}</td>
              <td className={`${td} break-all text-xs`}>{a.target_user_id ?? '—'}</td>
              <td className={`${td} max-w-md break-words font-mono text-xs`}>{JSON.stringify(a.details)}</td>
            </tr>
          ))}
        </Table>
        <Pager page={page} total={list.data?.total ?? 0} onPage={setPage} label="Admin log" />
      </ListState>
    </section>
  );
}
