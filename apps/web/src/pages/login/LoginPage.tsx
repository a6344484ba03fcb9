import { useSearchParams } from 'react-router';
import { AppLink, useAppNavigate } from '../../components/AppLink';
import { AuthPanel } from '../../features/account/AuthPanel';
import { PageFrame } from '../../layout/PageFrame';
import { isSignedIn, useSessionStore } from '../../stores/session.store';

/** Only same-site paths are followed after sign-in, never another origin. */
function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useAppNavigate();
  const user = useSessionStore((s) => s.user);
  const signedIn = useSessionStore(isSignedIn) && user?.type === 'user';
  const mode = params.get('mode') === 'register' ? 'register' : 'signIn';
  return (
    <PageFrame route="loginPage" description="Sign in to keep your designs, download them and use your plan's credits.">
      <div className="max-w-md">
        {signedIn && user ? (
          <div className="card p-6">
            <p className="text-slate-700">
              You are signed in as <strong className="font-semibold">{user.name || user.email}</strong>.
            </p>
            <div className="mt-5 flex gap-3">
              <AppLink to="/my_project" className="btn-primary h-10 px-5">
                My projects
              </AppLink>
              <AppLink to="/" className="btn-secondary h-10 px-5">
                Home
              </AppLink>
            </div>
          </div>
        ) : (
          <div className="card p-6 sm:p-8">
            <AuthPanel initialMode={mode} onDone={() => navigate(safeRedirect(params.get('redirect')))} />
          </div>
        )}
      </div>
    </PageFrame>
  );
}

export { LoginPage as Component };
