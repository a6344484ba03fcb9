import { useParams } from 'react-router';
import { AppLink } from '../../components/AppLink';
import { ComingPanel, PageFrame } from '../../layout/PageFrame';

function IdeaPage() {
  const id = useParams()['*'] ?? '';
  return (
    <PageFrame route="projectInfo" description="One public design: its images, the brief it was made from, and a way to redesign it for your own product.">
      <ComingPanel
        title="On this page"
        points={['The design images and mockups', 'Product, style and colours of the brief', 'Likes and views', 'Redesign it as a new project of yours']}
      >
        <div className="flex flex-wrap gap-3">
          {id && (
            <AppLink to={`/design-chat?fid=${encodeURIComponent(id)}`} className="btn-primary h-10 px-5">
              Redesign this idea
            </AppLink>
          )}
          <AppLink to="/design-ideas" className="btn-secondary h-10 px-5">
            All design ideas
          </AppLink>
        </div>
      </ComingPanel>
    </PageFrame>
  );
}

export { IdeaPage as Component };
