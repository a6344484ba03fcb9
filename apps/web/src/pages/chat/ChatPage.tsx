import { useSearchParams } from 'react-router';
import { AppLink } from '../../components/AppLink';
import { ComingPanel, PageFrame } from '../../layout/PageFrame';

function ChatPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <PageFrame route="chat" description="The conversation behind a photo shoot, mockup or quotation project: every step the assistant took and every image it made.">
      <ComingPanel title="In a project chat" points={['The full message history, oldest first', 'Images from each step, ready to like or reuse', 'Progress while the assistant is working', 'Continue where you left off']}>
        <div className="flex flex-wrap gap-3">
          <AppLink to="/my_project" className="btn-secondary h-10 px-5">{id ? 'Back to my projects' : 'Choose a project'}</AppLink>
        </div>
      </ComingPanel>
    </PageFrame>
  );
}

export { ChatPage as Component };
