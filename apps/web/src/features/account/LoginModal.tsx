import { Dialog } from '../../components/Dialog';
import { useUiStore } from '../../stores/ui.store';
import { AuthPanel } from './AuthPanel';

/** The login dialog opened by 401/402/403, downloads, origin=wiki and the header (SPEC §2, §8). */
export default function LoginModal() {
  const close = () => useUiStore.getState().close('loginModal');
  return (
    <Dialog open onClose={close} title="Sign in to Packsmith">
      <p className="-mt-1 mb-5 text-sm text-slate-500">Save your designs, download them and pick up where you left off.</p>
      <AuthPanel onDone={() => useUiStore.getState().showMessage('Welcome to Packsmith — you are signed in.', 'success')} />
    </Dialog>
  );
}
