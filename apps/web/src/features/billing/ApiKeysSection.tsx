import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { API_KEY_NAME_MAX, Code, billingCalls, canUseBusinessFeature, type ApiKey } from '@packsmith/contracts';
import { apiCall } from '../../api/client';
import { ApiError, handleEnvelopeError } from '../../api/error-catalogue';
import { Dialog } from '../../components/Dialog';
import { useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';

export const API_KEYS_QUERY_KEY = ['billing', 'apiKeys'] as const;

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const when = (ms: number | null) => (ms === null ? 'Never' : dateFormat.format(ms));

/**
 * Mutations answer in place (the form or the dialog shows the server's words); only a lost session
 * goes through the app-wide handling, which asks the visitor to sign in again.
 */
function inlineError(err: unknown, path: string): string {
  if (!(err instanceof ApiError)) return 'Something went wrong. Please try again.';
  if (err.code === Code.UNAUTHORIZED || err.code === Code.TOKEN_INVALID) handleEnvelopeError(err.failure, path);
  return err.message;
}

/**
 * SPEC §6 "API access" on the billing page: a Business member's API keys (create, shown once; list
 * with usage; revoke). Other members see what the keys are for and the way to Business.
 */
export function ApiKeysSection() {
  const user = useSessionStore((s) => s.user);
  const headingId = useId();
  const business = user !== null && canUseBusinessFeature(user).ok;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          API keys
        </h2>
        <a href="/docs" className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline">
          How to use the API
        </a>
      </div>
      {business ? <BusinessKeys /> : <Upsell />}
    </section>
  );
}

function Upsell() {
  return (
    <div className="mt-3 space-y-3">
      <p className="text-sm text-slate-600">
        API keys let your own programs generate designs, photo shoots and mockups as you, with your credits. They come with the Business plan.
      </p>
      <button
        type="button"
        onClick={() => useUiStore.getState().open('payModal')}
        className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        Upgrade to Business
      </button>
    </div>
  );
}

function BusinessKeys() {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: API_KEYS_QUERY_KEY,
    queryFn: ({ signal }) => apiCall(billingCalls.apiKeyList, {}, { signal }),
  });
  const [created, setCreated] = useState<{ key: string; name: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });

  return (
    <div className="mt-3 space-y-4">
      <p className="text-sm text-slate-600">
        Send a key as <code className="rounded bg-slate-100 px-1 py-0.5 text-xs">Authorization: Bearer psk_…</code> from your own programs. A key acts as you
        and spends your credits: keep it secret, and revoke it if it leaks.
      </p>
      {created ? (
        <NewKey created={created} onDone={() => setCreated(null)} />
      ) : (
        <CreateForm
          onCreated={(key, name) => {
            setCreated({ key, name });
            void refresh();
          }}
        />
      )}
      <KeyList query={list} onRevoke={setRevoking} />
      <RevokeDialog
        target={revoking}
        onClose={() => setRevoking(null)}
        onRevoked={() => {
          setRevoking(null);
          void refresh();
        }}
      />
    </div>
  );
}

function CreateForm({ onCreated }: { onCreated(key: string, name: string): void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const create = useMutation({
    mutationFn: (keyName: string) => apiCall(billingCalls.apiKeyCreate, { name: keyName }, { silent: true }),
    onSuccess: (data) => {
      setName('');
      onCreated(data.key, data.item.name);
    },
    onError: (err) => setError(inlineError(err, billingCalls.apiKeyCreate.path)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Name the key.');
      return;
    }
    setError(null);
    create.mutate(trimmed);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
          Key name
        </label>
        <input
          id={inputId}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={API_KEY_NAME_MAX}
          placeholder="e.g. Shop integration"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
        />
      </div>
      <button
        type="submit"
        disabled={create.isPending}
        className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 disabled:opacity-60"
      >
        {create.isPending ? 'Creating…' : 'Create key'}
      </button>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700 sm:basis-full">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** The new key, on screen this once: the server keeps only its hash. */
function NewKey({ created, onDone }: { created: { key: string; name: string }; onDone(): void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied('yes');
    } catch {
      // No clipboard (permissions, an old browser): select it so Ctrl/Cmd+C works.
      field.current?.select();
      setCopied('failed');
    }
  };
  return (
    <div role="status" className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-3 sm:p-4">
      <p className="text-sm font-semibold text-slate-900">Your new key “{created.name}”</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={field}
          readOnly
          value={created.key}
          aria-label="New API key"
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-xs text-slate-900 sm:text-sm"
        />
        <button
          type="button"
          onClick={() => void copy()}
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          {copied === 'yes' ? 'Copied' : 'Copy'}
        </button>
      </div>
      <p className="text-sm text-amber-900">
        {copied === 'failed' ? 'Copying is not allowed here: the key is selected, press Ctrl+C or ⌘C. ' : ''}
        Copy it now and keep it somewhere safe. You will not see it again.
      </p>
      <button type="button" onClick={onDone} className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline">
        Done
      </button>
    </div>
  );
}

function KeyList({ query, onRevoke }: { query: UseQueryResult<{ items: ApiKey[] }>; onRevoke(key: ApiKey): void }) {
  if (query.isPending) {
    return (
      <p role="status" className="text-sm text-slate-500">
        Loading your API keys…
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
        <span>Your API keys could not be loaded.</span>
        <button type="button" onClick={() => void query.refetch()} className="font-medium text-indigo-700 underline-offset-2 hover:underline">
          Try again
        </button>
      </div>
    );
  }
  const items = query.data.items;
  if (items.length === 0) return <p className="text-sm text-slate-500">No API keys yet. Create one above.</p>;
  return (
    <ul aria-label="Your API keys" className="divide-y divide-slate-100 rounded-xl border border-slate-200">
      {items.map((k) => (
        <li key={k.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3">
          <div className="min-w-0 flex-1 basis-48">
            <p className="truncate text-sm font-semibold text-slate-900">{k.name}</p>
            <p className="font-mono text-xs text-slate-500">{k.prefix}…</p>
          </div>
          <dl className="grid grid-cols-3 gap-x-4 text-xs text-slate-600 sm:flex sm:gap-x-5">
            <div>
              <dt className="text-slate-400">Created</dt>
              <dd>{when(k.created_at)}</dd>
            </div>
            <div>
              <dt className="text-slate-400">Last used</dt>
              <dd>{when(k.last_used_at)}</dd>
            </div>
            <div>
              <dt className="text-slate-400">Requests</dt>
              <dd>{k.request_count.toLocaleString('en-US')}</dd>
            </div>
          </dl>
          {k.revoked_at === null ? (
            <button
              type="button"
              onClick={() => onRevoke(k)}
              aria-label={`Revoke ${k.name}`}
              className="rounded-lg border border-red-200 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
            >
              Revoke
            </button>
          ) : (
            <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-600">Revoked {when(k.revoked_at)}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

function RevokeDialog({ target, onClose, onRevoked }: { target: ApiKey | null; onClose(): void; onRevoked(): void }) {
  const [error, setError] = useState<string | null>(null);
  const revoke = useMutation({
    mutationFn: (id: string) => apiCall(billingCalls.apiKeyRevoke, { id }, { silent: true }),
    onSuccess: () => {
      setError(null);
      onRevoked();
    },
    onError: (err) => setError(inlineError(err, billingCalls.apiKeyRevoke.path)),
  });
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Dialog open={target !== null} onClose={close} title="Revoke this API key?">
      <div className="space-y-4">
        <p className="text-sm text-slate-600">
          Programs using “{target?.name}” ({target?.prefix}…) stop working at once. This cannot be undone.
        </p>
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={close}
            data-autofocus
            className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            Cancel
          </button>
          <button
            type="button"
            disabled={revoke.isPending}
            onClick={() => target && revoke.mutate(target.id)}
            className="rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:opacity-60"
          >
            {revoke.isPending ? 'Revoking…' : 'Revoke key'}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
