import { isRouteErrorResponse, useRouteError } from 'react-router';
import { AppLink } from '../components/AppLink';

/** Shown when a screen fails to load or render; offers a way back instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  const chunkMissing = error instanceof TypeError && /dynamically imported module|Importing a module script failed/i.test(error.message);
  const text = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : chunkMissing
      ? 'A new version of Packsmith is available. Reload the page to continue.'
      : 'Something went wrong while showing this page.';
  return (
    <div className="page-container py-24 text-center">
      <h1 className="text-3xl font-semibold tracking-tight">This page could not be shown</h1>
      <p className="mt-3 text-slate-600">{text}</p>
      <div className="mt-8 flex justify-center gap-3">
        <button type="button" className="btn-secondary h-10 px-5" onClick={() => window.location.reload()}>
          Reload
        </button>
        <AppLink to="/" className="btn-primary h-10 px-5">
          Go home
        </AppLink>
      </div>
    </div>
  );
}
