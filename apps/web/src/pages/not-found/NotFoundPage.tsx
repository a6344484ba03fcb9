import { AppLink } from '../../components/AppLink';
import { PageFrame } from '../../layout/PageFrame';

function NotFoundPage() {
  return (
    <PageFrame route="notFound404" eyebrow="404" description="The page you were looking for does not exist, or it was moved.">
      <div className="flex flex-wrap gap-3">
        <AppLink to="/" className="btn-primary h-11 px-5">
          Go to the home page
        </AppLink>
        <AppLink to="/my_project" className="btn-secondary h-11 px-5">
          Open my projects
        </AppLink>
      </div>
    </PageFrame>
  );
}

export { NotFoundPage as Component };
