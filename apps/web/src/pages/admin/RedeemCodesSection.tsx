import { useEffect, useId, useState, type FormEvent } from 'react';
import type { PaidVipType } from '@packsmith/contracts';
import { useCreateRedeemCodes, useRedeemCodes } from './admin-queries';
import { FormNote, ListState, Pager, Table, day, td, when } from './admin-ui';
import { PLAN_OPTIONS, planName } from './plan-names';

type Kind = 'credits' | 'plan' | 'lifetime';

const KIND_LABELS: Record<Kind, string> = { credits: 'Credits', plan: 'A plan for some days', lifetime: 'Lifetime deal' };

/** One-time codes: made here (or with `npm run admin -- code`), typed by users on /oncely or in the app. */
export function RedeemCodesSection() {
  const [page, setPage] = useState(1);
  const codes = useRedeemCodes(page);
  return (
    <section aria-label="Redeem codes" className="space-y-8">
      <CreateRedeemCodes />
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Redeem codes</h2>
        <p className="mt-1 text-sm text-slate-500">Codes are stored hashed: the list shows their last four characters.</p>
        <div className="mt-3">
          <ListState
            loading={codes.isPending}
            error={codes.error}
            empty={codes.data?.items.length === 0}
            emptyText="No redeem codes yet."
            onRetry={() => void codes.refetch()}
          >
            <Table caption="Redeem codes" head={['Ends in', 'Gives', 'Source', 'Made', 'Used']}>
              {codes.data?.items.map((c) => (
                <tr key={c.id}>
                  <td className={`${td} font-mono`}>…{c.hint}</td>
                  <td className={td}>
                    {c.kind === 'credits'
                      ? `${c.credits.toLocaleString()} credits`
                      : c.kind === 'plan'
                        ? `${planName(c.vip_type ?? '')}${c.days ? ` for ${c.days} days` : ', one period'}`
                        : `${planName(c.vip_type ?? '')} for life`}
                  </td>
                  <td className={td}>{c.source}</td>
                  <td className={td}>{day(c.created_at)}</td>
                  <td className={td}>
                    {c.redeemed_at === null ? (
                      <span className="text-slate-400">Not yet</span>
                    ) : (
                      `${when(c.redeemed_at)} by ${c.redeemed_by ?? 'a deleted user'}`
                    )}
                  </td>
                </tr>
              ))}
            </Table>
            <Pager page={page} total={codes.data?.total ?? 0} onPage={setPage} label="Redeem codes" />
          </ListState>
        </div>
      </div>
    </section>
  );
}

function CreateRedeemCodes() {
  const create = useCreateRedeemCodes();
  const [kind, setKind] = useState<Kind>('credits');
  const [credits, setCredits] = useState('100');
  const [plan, setPlan] = useState<PaidVipType>('pro_month');
  const [days, setDays] = useState('30');
  const [count, setCount] = useState('1');
  const [source, setSource] = useState('admin');
  const [made, setMade] = useState<string[] | null>(null);
  const id = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMade(null);
    create.mutate(
      {
        kind,
        credits: kind === 'credits' ? Number(credits) : 0,
        vip_type: kind === 'credits' ? null : plan,
        days: kind === 'plan' && days ? Number(days) : null,
        count: Number(count),
        source: source.trim() || 'admin',
      },
      { onSuccess: (r) => setMade(r.codes) },
    );
  };

  return (
    <div className="space-y-4">
      <form onSubmit={submit} aria-labelledby={`${id}-h`} className="card space-y-4 p-4 sm:p-6">
        <h2 id={`${id}-h`} className="text-lg font-semibold text-slate-900">
          New redeem codes
        </h2>
        <fieldset>
          <legend className="field-label">The code gives</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {(Object.keys(KIND_LABELS) as Kind[]).map((k) => (
              <label key={k} className={`chip cursor-pointer focus-within:ring-2 focus-within:ring-violet-300 ${kind === k ? 'chip-active' : ''}`}>
                <input type="radio" name={`${id}-kind`} className="sr-only" value={k} checked={kind === k} onChange={() => setKind(k)} />
                {KIND_LABELS[k]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {kind === 'credits' ? (
            <div>
              <label htmlFor={`${id}-cr`} className="field-label">
                Credits per code
              </label>
              <input
                id={`${id}-cr`}
                className="field-input"
                type="number"
                required
                min={1}
                max={1000000}
                step={1}
                value={credits}
                onChange={(e) => setCredits(e.target.value)}
              />
            </div>
          ) : (
            <div>
              <label htmlFor={`${id}-pl`} className="field-label">
                Plan
              </label>
              <select id={`${id}-pl`} className="field-input" value={plan} onChange={(e) => setPlan(e.target.value as PaidVipType)}>
                {PLAN_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
          )}
          {kind === 'plan' && (
            <div>
              <label htmlFor={`${id}-d`} className="field-label">
                Days (empty: one billing period)
              </label>
              <input id={`${id}-d`} className="field-input" type="number" min={1} max={3660} step={1} value={days} onChange={(e) => setDays(e.target.value)} />
            </div>
          )}
          <div>
            <label htmlFor={`${id}-n`} className="field-label">
              How many codes
            </label>
            <input
              id={`${id}-n`}
              className="field-input"
              type="number"
              required
              min={1}
              max={500}
              step={1}
              value={count}
              onChange={(e) => setCount(e.target.value)}
            />
          </div>
          <div>
            <label htmlFor={`${id}-s`} className="field-label">
              Source
            </label>
            <input id={`${id}-s`} className="field-input" maxLength={60} placeholder="e.g. oncely" value={source} onChange={(e) => setSource(e.target.value)} />
          </div>
        </div>
        <button type="submit" className="btn-primary h-10 px-4" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create codes'}
        </button>
        <FormNote error={create.error} />
      </form>
      {made && <CreatedCodes codes={made} onDone={() => setMade(null)} />}
    </div>
  );
}

/** The new codes, this once: copy one, copy all, or download them as a .txt file. */
function CreatedCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const [copied, setCopied] = useState<string | null>(null);
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }));
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [codes]);

  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(what);
    } catch {
      setCopied('failed');
    }
  };

  return (
    <section aria-label="New codes" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-4 sm:p-6">
      <h3 className="font-semibold text-emerald-900">{codes.length === 1 ? 'Your new code' : `Your ${codes.length} new codes`}</h3>
      <p className="mt-1 text-sm text-emerald-800">Copy or download them now: they are stored hashed and will not be shown again.</p>
      <ul className="mt-3 max-h-72 space-y-1 overflow-y-auto" aria-label="New codes">
        {codes.map((code) => (
          <li key={code} className="flex items-center justify-between gap-3 rounded-lg bg-white px-3 py-1.5">
            <code className="break-all font-mono text-sm text-slate-900">{code}</code>
            <button
              type="button"
              className="btn-secondary h-8 shrink-0 px-3 text-xs"
              aria-label={`${copied === code ? 'Copied' : 'Copy'} ${code}`}
              onClick={() => void copy(code, code)}
            >
              {copied === code ? 'Copied' : 'Copy'}
            </button>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        {codes.length > 1 && (
          <button type="button" className="btn-secondary h-9 px-3 text-sm" onClick={() => void copy(codes.join('\n'), 'all')}>
            {copied === 'all' ? 'Copied all' : 'Copy all'}
          </button>
        )}
        {href && (
          <a className="btn-secondary h-9 px-3 text-sm" href={href} download={`packsmith-codes-${new Date().toISOString().slice(0, 10)}.txt`}>
            Download .txt
          </a>
        )}
        <button type="button" className="btn-primary h-9 px-3 text-sm" onClick={onDone}>
          Done, I saved them
        </button>
      </div>
      <p role="status" className="sr-only">
        {copied === 'failed' ? 'Copying failed: select the code and copy it by hand.' : copied ? 'Copied.' : ''}
      </p>
      {copied === 'failed' && <p className="mt-2 text-sm text-rose-700">Copying failed: select the code and copy it by hand.</p>}
    </section>
  );
}
