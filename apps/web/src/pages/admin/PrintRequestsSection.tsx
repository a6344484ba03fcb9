import { useState } from 'react';
import { useAdminPrintRequests } from './admin-queries';
import { ListState, Pager, Table, td, when } from './admin-ui';

const money = (amount: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);

/** Print requests users sent to factories from /print, newest first. */
export function PrintRequestsSection() {
  const [page, setPage] = useState(1);
  const list = useAdminPrintRequests(page);
  return (
    <section aria-label="Print requests">
      <ListState
        loading={list.isPending}
        error={list.error}
        empty={list.data?.items.length === 0}
        emptyText="No print requests yet."
        onRetry={() => void list.refetch()}
      >
        <Table caption="Print requests" head={['Sent', 'User', 'Factory', 'Spec', 'Total', 'Status']}>
          {list.data?.items.map((r) => (
            <tr key={r.id}>
              <td className={`${td} whitespace-nowrap`}>{when(r.created_at)}</td>
              <td className={`${td} break-all`}>
                {r.user_email ?? r.user_id}
                <span className="block text-xs text-slate-500">Reply to {r.contact_email}</span>
              </td>
              <td className={td}>
                {r.factory.name}
                <span className="block text-xs text-slate-500">
                  {r.factory.city}, {r.factory.country}
                  {r.factory.sample && ' · sample'}
                </span>
              </td>
              <td className={td}>
                {r.spec.quantity.toLocaleString('en-US')} × {r.box.name}
                <span className="block text-xs text-slate-500">
                  {r.spec.length_mm} × {r.spec.width_mm} × {r.spec.height_mm} mm · {r.spec.material} · {r.spec.print}
                  {r.spec.finishes.length > 0 && ` · ${r.spec.finishes.join(', ')}`}
                </span>
              </td>
              <td className={`${td} tabular-nums`}>{money(r.total, r.currency)}</td>
              <td className={td}>{r.status.replace('_', ' ')}</td>
            </tr>
          ))}
        </Table>
        <Pager page={page} total={list.data?.total ?? 0} onPage={setPage} label="Print requests" />
      </ListState>
    </section>
  );
}
