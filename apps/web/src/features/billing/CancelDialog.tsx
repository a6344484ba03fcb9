import { useId, useState, type FormEvent } from 'react';
import { CANCEL_COMMENT_MAX, billingCalls } from '@packsmith/contracts';
import { apiCall } from '../../api/client';
import { Dialog } from '../../components/Dialog';
import { formatDate } from './format';
import { useRefreshAccount } from './queries';

/**
 * Cancel at the end of the period (POST /api/pay/cancelSubscribe): asks why (the comment is read by
 * us) and says plainly that the plan and its credits stay until the date.
 */
export function CancelDialog({ planTitle, periodEnd, onClose }: { planTitle: string; periodEnd: number | null; onClose(): void }) {
  const id = useId();
  const refresh = useRefreshAccount();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await apiCall(billingCalls.cancelSubscribe, { comment: comment.trim() }, { silent: true });
      await refresh();
      onClose();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'The plan could not be cancelled. Try again.');
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} title="Cancel your plan">
      <form onSubmit={(e) => void submit(e)} className="grid gap-4">
        <p className="text-sm text-slate-600">
          {planTitle} stays active{periodEnd !== null ? ` until ${formatDate(periodEnd)}` : ' until the end of the period you paid for'}, with its credits.
          After that you are on the Free plan and nothing more is charged. You can resume before then.
        </p>
        <div className="grid gap-1">
          <label htmlFor={id} className="field-label">
            Why are you cancelling? (optional)
          </label>
          <textarea
            id={id}
            className="field-input min-h-24 py-2"
            maxLength={CANCEL_COMMENT_MAX}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            placeholder="What could we do better?"
          />
        </div>
        {error && (
          <p role="alert" className="field-error">
            {error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary h-10 px-4" onClick={onClose}>
            Keep my plan
          </button>
          <button
            type="submit"
            className="h-10 rounded-lg bg-red-600 px-4 text-sm font-medium text-white hover:bg-red-700 disabled:opacity-60"
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? 'Cancelling…' : 'Cancel plan'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
