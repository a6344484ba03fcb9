import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { userCalls } from '@packsmith/contracts';
import { apiCall } from '../../api/client';
import { originField } from '../../navigation/nav-rules';
import { useSessionStore } from '../../stores/session.store';

/** "Continue with Google", shown only when the server lists google among its providers. */
export function GoogleButton() {
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const providers = useQuery({
    queryKey: ['oauth-providers'],
    queryFn: () => apiCall(userCalls.oauthProviders, {}, { silent: true }),
    staleTime: 5 * 60_000,
  });
  if (!providers.data?.providers.includes('google')) return null;
  const start = async () => {
    setBusy(true);
    try {
      const { url } = await apiCall(
        userCalls.oauthAuthUrl,
        { origin: originField(location.search), tourist: useSessionStore.getState().guestToken ?? '', redirect_to: location.pathname + location.search },
        { params: { provider: 'google' } },
      );
      window.location.assign(url);
    } catch {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="btn-secondary h-11 w-full" onClick={() => void start()} disabled={busy}>
        <svg viewBox="0 0 48 48" className="h-5 w-5" aria-hidden="true">
          <path
            fill="#FFC107"
            d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
          />
          <path fill="#FF3D00" d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
          <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
          <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
        </svg>
        Continue with Google
      </button>
      <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wider text-slate-400">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
    </>
  );
}
