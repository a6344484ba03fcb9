import { useSearchParams } from 'react-router';
import { ComingPanel, PageFrame } from '../../layout/PageFrame';

function DesignChatPage() {
  const [params] = useSearchParams();
  const pid = params.get('pid');
  const fid = params.get('fid');
  const context = pid ? 'Continuing one of your projects.' : fid ? 'Redesigning a design idea as a new project.' : undefined;
  return (
    <PageFrame route="designChat" eyebrow={context} description="Describe your product, brand and style in a conversation. The assistant asks for what it needs and answers with packaging designs you can like, refine and redesign.">
      <ComingPanel title="How the chat works" points={['Tell the assistant your product and brand', 'Pick a box type; it reorders to what fits your product', 'Get designs in your style and colours', 'Like, dislike or redesign any result']}>
        <p className="text-sm text-slate-500">The chat is being built and opens on this page soon.</p>
      </ComingPanel>
    </PageFrame>
  );
}

export { DesignChatPage as Component };
