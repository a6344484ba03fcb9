import { useEffect, useState } from 'react';
import { ShareIcon } from './icons';

type ShareState = { kind: 'idle' } | { kind: 'copied' } | { kind: 'manual'; url: string };

/**
 * Share an idea: the system share sheet where the browser has one, otherwise the link is copied;
 * where even that is refused, the link is shown to copy by hand.
 */
export function ShareButton({ title, url }: { title: string; url: string }) {
  const [state, setState] = useState<ShareState>({ kind: 'idle' });
  useEffect(() => {
    if (state.kind !== 'copied') return;
    const t = setTimeout(() => setState({ kind: 'idle' }), 4000);
    return () => clearTimeout(t);
  }, [state]);

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (err) {
        // The visitor closed the sheet: nothing to do. Any other refusal falls back to copying.
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setState({ kind: 'copied' });
    } catch {
      setState({ kind: 'manual', url });
    }
  };

  return (
    <div>
      <button type="button" className="btn-secondary h-10 px-4" onClick={() => void share()}>
        <ShareIcon />
        Share
      </button>
      <p role="status" className="mt-1.5 min-h-5 text-sm text-emerald-700">
        {state.kind === 'copied' && 'Link copied'}
        {state.kind === 'manual' && (
          <span className="text-slate-600">
            Copy this link: <span className="break-all font-mono text-xs">{state.url}</span>
          </span>
        )}
      </p>
    </div>
  );
}
