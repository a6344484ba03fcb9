import { useParams } from 'react-router';
import { AppLink } from '../../components/AppLink';
import { ComingPanel, PageFrame } from '../../layout/PageFrame';
import { categoryOfParam } from './categories';
import { CategoryNav } from './CategoryNav';

function CategoryPage() {
  const slug = useParams()['*'] ?? '';
  const category = slug ? categoryOfParam(slug) : undefined;
  return (
    <PageFrame
      route="category"
      eyebrow={category}
      description="Packaging designs made with Packsmith, sorted by category. Open one to see how it was made, or redesign it for your product."
      actions={
        <AppLink to="/design-ideas/search" className="btn-secondary h-10 px-5">
          Search ideas
        </AppLink>
      }
    >
      <CategoryNav />
      <div className="mt-8">
        {slug && !category ? (
          <p role="status" className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
            There is no category called “{slug}”. Pick one of the categories above.
          </p>
        ) : (
          <ComingPanel
            title="What you will find here"
            points={[
              'Public designs from every category',
              'Filters by box type, style and colour',
              'Like an idea to keep it in your list',
              'Redesign any idea as your own project',
            ]}
          >
            <p className="text-sm text-slate-500">The gallery is being built and opens on this page soon.</p>
          </ComingPanel>
        )}
      </div>
    </PageFrame>
  );
}

export { CategoryPage as Component };
