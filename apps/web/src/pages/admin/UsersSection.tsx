import { useId, useState, type FormEvent } from 'react';
import { CREDIT_REASON_LABELS, type AdminUser, type PaidVipType } from '@packsmith/contracts';
import { Dialog } from '../../components/Dialog';
import { useAdjustCredits, useAdminUser, useAdminUsers, useEndPlan, useGrantPlan } from './admin-queries';
import { FormNote, ListState, Pager, Table, day, td, when } from './admin-ui';
import { PLAN_OPTIONS, planName } from './plan-names';

/** Find users by email, name or id; open one to see and change their plan and credits. */
export function UsersSection() {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const users = useAdminUsers(q, page);
  const searchId = useId();

  const search = (e: FormEvent) => {
    e.preventDefault();
    setQ(draft.trim());
    setPage(1);
  };

  return (
    <section aria-labelledby={`${searchId}-h`}>
      <h2 id={`${searchId}-h`} className="sr-only">
        Users
      </h2>
      <form role="search" onSubmit={search} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={searchId} className="field-label">
            Find a user
          </label>
          <input
            id={searchId}
            type="search"
            className="field-input"
            placeholder="Email, name or user id"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            maxLength={254}
          />
        </div>
        <button type="submit" className="btn-primary h-11 px-5">
          Search
        </button>
      </form>
      <div className="mt-5">
        <ListState
          loading={users.isPending}
          error={users.error}
          empty={users.data?.items.length === 0}
          emptyText={q ? `No user matches “${q}”.` : 'No accounts yet.'}
          onRetry={() => void users.refetch()}
        >
          <Table caption="Users" head={['Email', 'Name', 'Plan', 'Credits', 'Joined', '']}>
            {users.data?.items.map((u) => (
              <tr key={u.user_id}>
                <td className={td}>
                  {u.email ?? <span className="text-slate-400">guest</span>}
                  {u.is_admin && <span className="ml-2 rounded bg-violet-100 px-1.5 py-0.5 text-xs text-violet-700">admin</span>}
                </td>
                <td className={td}>{u.name ?? '—'}</td>
                <td className={td}>{planName(u.vip_type)}</td>
                <td className={`${td} tabular-nums`}>{u.credit.toLocaleString()}</td>
                <td className={td}>{day(u.created_at)}</td>
                <td className={td}>
                  <button
                    type="button"
                    className="btn-secondary h-8 px-3 text-xs"
                    aria-label={`Open ${u.email ?? u.user_id}`}
                    onClick={() => setOpenId(u.user_id)}
                  >
                    Open
                  </button>
                </td>
              </tr>
            ))}
          </Table>
          <Pager page={page} total={users.data?.total ?? 0} onPage={setPage} label="Users" />
        </ListState>
      </div>
      <Dialog open={openId !== null} onClose={() => setOpenId(null)} title="User" placement="side" size="lg">
        {openId !== null && <UserPanel userId={openId} />}
      </Dialog>
    </section>
  );
}

function UserPanel({ userId }: { userId: string }) {
  const detail = useAdminUser(userId);
  const user = detail.data?.user;
  return (
    <div className="space-y-6 text-sm">
      <ListState loading={detail.isPending} error={detail.error} empty={false} emptyText="" onRetry={() => void detail.refetch()}>
        {user && (
          <>
            <Summary user={user} />
            <AdjustCredits user={user} />
            <GrantPlan user={user} />
            {user.vip_type !== 'normal' && <EndPlan user={user} />}
            <div>
              <h3 className="font-semibold text-slate-900">Credits history</h3>
              {detail.data?.ledger.length === 0 ? (
                <p className="mt-2 text-slate-500">No credit moves yet.</p>
              ) : (
                <div className="mt-2">
                  <Table caption="Credits history" head={['When', 'Change', 'Balance', 'Why']}>
                    {detail.data?.ledger.map((e) => (
                      <tr key={e.id}>
                        <td className={td}>{when(e.created_at)}</td>
                        <td className={`${td} tabular-nums ${e.delta < 0 ? 'text-rose-700' : 'text-emerald-700'}`}>{e.delta > 0 ? `+${e.delta}` : e.delta}</td>
                        <td className={`${td} tabular-nums`}>{e.balance_after}</td>
                        <td className={td}>{e.label || CREDIT_REASON_LABELS[e.reason] || e.reason}</td>
                      </tr>
                    ))}
                  </Table>
                </div>
              )}
            </div>
            <div>
              <h3 className="font-semibold text-slate-900">Subscriptions</h3>
              {detail.data?.subscriptions.length === 0 ? (
                <p className="mt-2 text-slate-500">No subscriptions.</p>
              ) : (
                <div className="mt-2">
                  <Table caption="Subscriptions" head={['Plan', 'From', 'Status', 'Period ends']}>
                    {detail.data?.subscriptions.map((s) => (
                      <tr key={s.id}>
                        <td className={td}>{planName(s.vip_type)}</td>
                        <td className={td}>{s.source}</td>
                        <td className={td}>
                          {s.status}
                          {s.cancel_at_period_end && ' (cancels at period end)'}
                        </td>
                        <td className={td}>{s.current_period_end === null ? 'never' : day(s.current_period_end)}</td>
                      </tr>
                    ))}
                  </Table>
                </div>
              )}
            </div>
            <div>
              <h3 className="font-semibold text-slate-900">Invoices</h3>
              {detail.data?.invoices.length === 0 ? (
                <p className="mt-2 text-slate-500">No invoices.</p>
              ) : (
                <div className="mt-2">
                  <Table caption="Invoices" head={['Number', 'Plan', 'Amount', 'Status', 'Date']}>
                    {detail.data?.invoices.map((i) => (
                      <tr key={i.id}>
                        <td className={td}>{i.number}</td>
                        <td className={td}>{planName(i.vip_type)}</td>
                        <td className={`${td} tabular-nums`}>
                          {(i.amount_cents / 100).toFixed(2)} {i.currency.toUpperCase()}
                        </td>
                        <td className={td}>{i.status}</td>
                        <td className={td}>{day(i.created_at)}</td>
                      </tr>
                    ))}
                  </Table>
                </div>
              )}
            </div>
          </>
        )}
      </ListState>
    </div>
  );
}

function Summary({ user }: { user: AdminUser }) {
  return (
    <dl className="grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-4">
      <div className="col-span-2">
        <dt className="text-xs text-slate-500">Account</dt>
        <dd className="break-all font-medium text-slate-900">{user.email ?? 'Guest'}</dd>
        <dd className="break-all text-xs text-slate-500">{user.user_id}</dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">Plan</dt>
        <dd className="font-medium text-slate-900">{planName(user.vip_type)}</dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">Until</dt>
        <dd className="text-slate-900">{user.vip_type === 'normal' ? '—' : day(user.vip_expire_time)}</dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">Credits</dt>
        <dd className="font-medium tabular-nums text-slate-900" data-testid="admin-user-credit">
          {user.credit.toLocaleString()}
        </dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">Admin</dt>
        <dd className="text-slate-900">{user.is_admin ? 'Yes' : 'No'}</dd>
      </div>
    </dl>
  );
}

function AdjustCredits({ user }: { user: AdminUser }) {
  const adjust = useAdjustCredits();
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    adjust.mutate(
      { user_id: user.user_id, delta: Number(delta), reason },
      {
        onSuccess: (r) => {
          setDone(`Done: the balance is now ${r.credit.toLocaleString()}.`);
          setDelta('');
          setReason('');
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-h`} className="space-y-3">
      <h3 id={`${id}-h`} className="font-semibold text-slate-900">
        Adjust credits
      </h3>
      <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
        <div>
          <label htmlFor={`${id}-d`} className="field-label">
            Change
          </label>
          <input
            id={`${id}-d`}
            className="field-input"
            type="number"
            step={1}
            required
            placeholder="+100 or -50"
            value={delta}
            onChange={(e) => setDelta(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-r`} className="field-label">
            Reason
          </label>
          <input id={`${id}-r`} className="field-input" required minLength={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
      </div>
      <button type="submit" className="btn-primary h-10 px-4" disabled={adjust.isPending || !Number.isInteger(Number(delta)) || Number(delta) === 0}>
        {adjust.isPending ? 'Saving…' : 'Adjust credits'}
      </button>
      <FormNote error={adjust.error} done={done} />
    </form>
  );
}

function GrantPlan({ user }: { user: AdminUser }) {
  const grant = useGrantPlan();
  const [plan, setPlan] = useState<PaidVipType>('pro_month');
  const [days, setDays] = useState('');
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    grant.mutate(
      { user_id: user.user_id, vip_type: plan, days: days ? Number(days) : undefined, reason },
      {
        onSuccess: (r) => {
          setDone(`Granted ${planName(r.vip_type)} until ${day(r.vip_expire_time)}; balance ${r.credit.toLocaleString()}.`);
          setReason('');
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-h`} className="space-y-3">
      <h3 id={`${id}-h`} className="font-semibold text-slate-900">
        Grant a plan
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-p`} className="field-label">
            Plan
          </label>
          <select id={`${id}-p`} className="field-input" value={plan} onChange={(e) => setPlan(e.target.value as PaidVipType)}>
            {PLAN_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-days`} className="field-label">
            Days (empty: one billing period)
          </label>
          <input id={`${id}-days`} className="field-input" type="number" min={1} max={3660} step={1} value={days} onChange={(e) => setDays(e.target.value)} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-r`} className="field-label">
            Reason
          </label>
          <input id={`${id}-r`} className="field-input" required minLength={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
      </div>
      <button type="submit" className="btn-primary h-10 px-4" disabled={grant.isPending}>
        {grant.isPending ? 'Granting…' : 'Grant plan'}
      </button>
      <FormNote error={grant.error} done={done} />
    </form>
  );
}

/** Ending a plan takes two steps: the first asks, the second does it. */
function EndPlan({ user }: { user: AdminUser }) {
  const end = useEndPlan();
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!confirming) {
      setConfirming(true);
      return;
    }
    end.mutate({ user_id: user.user_id, reason }, { onSettled: () => setConfirming(false) });
  };
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-h`} className="space-y-3 rounded-xl border border-rose-200 p-4">
      <h3 id={`${id}-h`} className="font-semibold text-slate-900">
        End the plan now
      </h3>
      <p className="text-slate-600">The membership ends at once (a paid subscription is cancelled with the provider); credits stay.</p>
      <div>
        <label htmlFor={`${id}-r`} className="field-label">
          Reason
        </label>
        <input id={`${id}-r`} className="field-input" required minLength={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      </div>
      {confirming ? (
        <div className="flex flex-wrap gap-2" role="group" aria-label="Confirm ending the plan">
          <button type="submit" className="btn-primary h-10 bg-rose-600 px-4 hover:bg-rose-700" disabled={end.isPending} autoFocus>
            {end.isPending ? 'Ending…' : `Yes, end ${planName(user.vip_type)}`}
          </button>
          <button type="button" className="btn-secondary h-10 px-4" onClick={() => setConfirming(false)}>
            Keep the plan
          </button>
        </div>
      ) : (
        <button type="submit" className="btn-secondary h-10 px-4 text-rose-700">
          End plan…
        </button>
      )}
      <FormNote error={end.error} />
    </form>
  );
}
