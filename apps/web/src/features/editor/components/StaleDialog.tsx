import { EDITOR_STALE_MESSAGE } from '@packsmith/contracts';
import { Dialog } from '../../../components/Dialog';

/** Another tab or device saved this document first: reload it rather than overwrite it. */
export function StaleDialog({ open, onReload }: { open: boolean; onReload(): void }) {
  return (
    <Dialog open={open} onClose={onReload} title="This design was changed elsewhere">
      <p className="text-sm text-slate-600">{EDITOR_STALE_MESSAGE} Changes made here since then are not saved.</p>
      <div className="mt-5 flex justify-end">
        <button type="button" className="btn-primary h-10 px-4" onClick={onReload}>
          Reload the latest version
        </button>
      </div>
    </Dialog>
  );
}
