import { useId, useState, type FormEvent } from 'react';
import type { PaidVipType } from '@packsmith/contracts';
import { useCreatePromotionCode, usePromotionCodes, useSetPromotionCodeActive } from './admin-queries';
import { FormNote, ListState, Pager, Table, day, td } from './admin-ui';
import { PLAN_OPTIONS, planName } from './plan-names';

/** Percent-off codes people type in the pay modal (SPEC §5). */
export function PromotionCodesSection() {
  const [page, setPage] = useState(1);
  const codes = usePromotionCodes(page);
  const toggle = useSetPromotionCodeActive();
  return (
    <section aria-label="Promotion codes" className="space-y-8">
      <CreatePromotionCode />
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Promotion codes</h2>
        <div className="mt-3">
          <ListState
            loading={codes.isPending}
            error={codes.error}
            empty={codes.data?.items.length === 0}
            emptyText="No promotion codes yet."
            onRetry={() => void codes.refetch()}
          >
            <Table caption="Promotion codes" head={['Code', 'Off', 'Plans', 'Expires', 'Used', 'On']}>
              {codes.data?.items.map((c) => (
                <tr key={c.id}>
                  <td className={`${td} font-mono`}>{c.code}</td>
                  <td className={td}>{c.percent_off}%</td>
                  <td className={td}>{c.vip_types.length === 0 ? 'Every plan' : c.vip_types.map(planName).join('; ')}</td>
                  <td className={td}>{c.expires_at === null ? 'Never' : day(c.expires_at)}</td>
                  <td className={`${td} tabular-nums`}>
                    {c.times_redeemed}
                    {c.max_redemptions !== null && ` of ${c.max_redemptions}`}
                  </td>
                  <td className={td}>
                    <button
                      type="button"
                      role="switch"
                      aria-checked={c.active}
                      aria-label={`${c.code} is ${c.active ? 'on' : 'off'}`}
                      disabled={toggle.isPending}
                      onClick={() => toggle.mutate({ id: c.id, active: !c.active })}
                      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus:outline-none focus-visible:ring-4 focus-visible:ring-violet-200 ${c.active ? 'bg-violet-600' : 'bg-slate-300'}`}
                    >
                      <span
                        className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${c.active ? 'translate-x-5' : 'translate-x-0.5'}`}
                        aria-hidden="true"
                      />
                    </button>
                  </td>
                </tr>
              ))}
            </Table>
            <Pager page={page} total={codes.data?.total ?? 0} onPage={setPage} label="Promotion codes" />
          </ListState>
          <FormNote error={toggle.error} />
        </div>
      </div>
    </section>
  );
}

function CreatePromotionCode() {
  const create = useCreatePromotionCode();
  const [code, setCode] = useState('');
  const [percent, setPercent] = useState('');
  const [plans, setPlans] = useState<PaidVipType[]>([]);
  const [expires, setExpires] = useState('');
  const [max, setMax] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const id = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    create.mutate(
      {
        code: code.trim(),
        percent_off: Number(percent),
        vip_types: plans,
        // The code works through the whole expiry day (UTC), as the CLI's --expires.
        expires_at: expires ? Date.parse(`${expires}T23:59:59.999Z`) : null,
        max_redemptions: max ? Number(max) : null,
      },
      {
        onSuccess: (r) => {
          setDone(`Created ${r.code}: ${r.percent_off}% off.`);
          setCode('');
          setPercent('');
          setPlans([]);
          setExpires('');
          setMax('');
        },
      },
    );
  };
  const togglePlan = (p: PaidVipType) => setPlans((now) => (now.includes(p) ? now.filter((x) => x !== p) : [...now, p]));

  return (
    <form onSubmit={submit} aria-labelledby={`${id}-h`} className="card space-y-4 p-4 sm:p-6">
      <h2 id={`${id}-h`} className="text-lg font-semibold text-slate-900">
        New promotion code
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <label htmlFor={`${id}-c`} className="field-label">
            Code
          </label>
          <input
            id={`${id}-c`}
            className="field-input font-mono uppercase"
            required
            minLength={3}
            maxLength={64}
            pattern="[A-Za-z0-9_\-]+"
            title="Letters, digits, dashes and underscores"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-p`} className="field-label">
            Percent off
          </label>
          <input
            id={`${id}-p`}
            className="field-input"
            type="number"
            required
            min={1}
            max={100}
            step={1}
            value={percent}
            onChange={(e) => setPercent(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-e`} className="field-label">
            Expires after (optional)
          </label>
          <input id={`${id}-e`} className="field-input" type="date" value={expires} onChange={(e) => setExpires(e.target.value)} />
        </div>
        <div>
          <label htmlFor={`${id}-m`} className="field-label">
            Most uses (optional)
          </label>
          <input id={`${id}-m`} className="field-input" type="number" min={1} max={1000000} step={1} value={max} onChange={(e) => setMax(e.target.value)} />
        </div>
      </div>
      <fieldset>
        <legend className="field-label">Plans (none ticked: every plan)</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {PLAN_OPTIONS.map((o) => (
            <label
              key={o.value}
              className={`chip cursor-pointer focus-within:ring-2 focus-within:ring-violet-300 ${plans.includes(o.value) ? 'chip-active' : ''}`}
            >
              <input type="checkbox" className="sr-only" checked={plans.includes(o.value)} onChange={() => togglePlan(o.value)} />
              {o.label}
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className="btn-primary h-10 px-4" disabled={create.isPending}>
        {create.isPending ? 'Creating…' : 'Create promotion code'}
      </button>
      <FormNote error={create.error} done={done} />
    </form>
  );
}
