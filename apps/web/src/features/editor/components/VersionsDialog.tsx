import { EDITOR_VERSION_NAME_MAX, type EditorNamedVersion } from '@packsmith/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { Dialog } from '../../../components/Dialog';
import { keepVersion, listVersions, restoreVersion } from '../editor-api';
import type { EditorDialogProps } from './dialog-props';

type List = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; list: EditorNamedVersion[] };

/** Named versions: keep the document as it is now under a name, or go back to one (itself kept). */
export function VersionsDialog({ open, onClose, store, projectId, flush }: EditorDialogProps) {
  const [list, setList] = useState<List>({ kind: 'loading' });
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const refresh = () => {
    setList({ kind: 'loading' });
    listVersions(projectId).then(
      (l) => setList({ kind: 'ready', list: l }),
      (e: unknown) => setList({ kind: 'failed', message: e instanceof Error ? e.message : 'The versions could not be loaded.' }),
    );
  };
  useEffect(() => {
    if (open) refresh();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refreshed each time the dialog opens
  }, [open]);

  const keep = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    setError(null);
    try {
      if (!(await flush())) throw new Error('Your latest changes are not saved yet, so the version would miss them. Please try again.');
      await keepVersion(projectId, name.trim());
      setName('');
      refresh();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The version could not be kept.');
    } finally {
      setBusy(false);
    }
  };

  const restore = async (v: EditorNamedVersion) => {
    setBusy(true);
    setError(null);
    try {
      await flush();
      store.getState().load(await restoreVersion(projectId, v.id));
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The version could not be restored.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title="Versions">
      <form onSubmit={(e) => void keep(e)} className="flex gap-2">
        <input
          className="field-input mt-0 h-10"
          placeholder="Name this version, e.g. Sent to the printer"
          value={name}
          maxLength={EDITOR_VERSION_NAME_MAX}
          onChange={(e) => setName(e.target.value)}
          aria-label="Version name"
        />
        <button type="submit" className="btn-primary h-10 shrink-0 px-4" disabled={busy || !name.trim()}>
          Keep
        </button>
      </form>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      <div className="mt-4">
        {list.kind === 'loading' && (
          <p role="status" className="text-sm text-slate-500">
            Loading versions…
          </p>
        )}
        {list.kind === 'failed' && (
          <p role="alert" className="text-sm text-rose-600">
            {list.message}
          </p>
        )}
        {list.kind === 'ready' && list.list.length === 0 && (
          <p className="text-sm text-slate-500">No named versions yet. Every change is saved as you go; name a version to come back to it.</p>
        )}
        {list.kind === 'ready' && list.list.length > 0 && (
          <ul className="divide-y divide-slate-100" data-testid="versions-list">
            {list.list.map((v) => (
              <li key={v.id} className="flex items-center justify-between gap-3 py-2">
                <span>
                  <span className="block text-sm font-medium text-slate-900">{v.name}</span>
                  <span className="text-xs text-slate-500">{new Date(v.created_at).toLocaleString()}</span>
                </span>
                <button type="button" className="btn-secondary h-9 px-3 text-sm" disabled={busy} onClick={() => void restore(v)}>
                  Restore
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
