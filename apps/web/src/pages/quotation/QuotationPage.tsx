import { useEffect, useEffectEvent, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/error-catalogue';
import { ChatProvider, useChatController } from '../../features/chat/chat-context';
import { ChatView } from '../../features/chat/components/ChatView';
import { PlusIcon } from '../../features/chat/components/icons';
import { QuotePanel } from '../../features/quotation/components/QuotePanel';
import { QUOTE_CHAT, quoteFromProject } from '../../features/quotation/quotation-api';
import { PageFrame } from '../../layout/PageFrame';
import { withStickyQuery } from '../../navigation/nav-rules';

function StartFailed({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div role="alert" className="mb-4 rounded-2xl border border-rose-200 bg-rose-50 px-5 py-4 text-sm text-rose-900" data-testid="quote-start-error">
      <p className="font-medium">We couldn't start your quote.</p>
      <p className="mt-0.5">{message}</p>
      <button type="button" className="btn-secondary mt-3 h-9 px-3 text-sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/**
 * /aiquotation (SPEC §2, §4): ?project_id= is the pricing-tool project whose chat runs on the left;
 * without one a new pricing-tool project is made and its id goes into the URL. ?from=<design project>
 * ("Quote this design") starts a quotation with that design's product, box type and size.
 */
function QuotationScreen({ id, from }: { id: string | null; from: string | null }) {
  const chat = useChatController();
  const navigate = useNavigate();
  const location = useLocation();
  const [startError, setStartError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const go = (to: string) => void navigate(withStickyQuery(to, location.search), { replace: true });

  useEffect(() => {
    if (!id) return;
    void chat.openChat(id, { surface: 'page' });
    return () => chat.closeChat();
  }, [chat, id]);

  // What to start is read when the effect runs; the effect follows the address and a retry.
  const start = useEffectEvent(() => {
    setStartError(null);
    const made = from
      ? quoteFromProject(from)
      : chat.createChatProject({ type: 'pricing_tool' }).then((projectId) => {
          if (!projectId) throw new Error('The quotation project could not be made.');
          return projectId;
        });
    made.then(
      (projectId) => go(`/aiquotation?project_id=${encodeURIComponent(projectId)}`),
      (err: unknown) => setStartError(err instanceof ApiError || err instanceof Error ? err.message : 'Please try again.'),
    );
  });
  useEffect(() => {
    if (!id) start();
  }, [id, from, attempt]);

  const newQuote = () => {
    chat.newChat();
    go('/aiquotation');
    setAttempt((a) => a + 1);
  };

  return (
    <PageFrame
      route="aiquotation"
      description="Answer a few questions about your box — product, size, material, print and quantity — and get a price you can plan with, explained line by line."
      actions={
        id ? (
          <button type="button" className="btn-secondary h-10 px-4 text-sm" onClick={newQuote} data-testid="new-quote">
            <PlusIcon className="h-4 w-4" />
            New quote
          </button>
        ) : undefined
      }
    >
      {startError && <StartFailed message={startError} onRetry={() => setAttempt((a) => a + 1)} />}
      <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,30rem)]">
        <section
          aria-label="Quotation assistant"
          className="card flex h-[70vh] min-h-[26rem] min-w-0 flex-col overflow-hidden p-0 lg:sticky lg:top-20 lg:h-[calc(100vh-8rem)]"
          data-testid="quote-chat"
        >
          <ChatView compact onRetryStart={() => setAttempt((a) => a + 1)} />
        </section>
        <QuotePanel projectId={id} />
      </div>
    </PageFrame>
  );
}

function QuotationPage() {
  const [params] = useSearchParams();
  const id = params.get('project_id') ?? params.get('id');
  const from = params.get('from');
  return (
    <ChatProvider keepAs={QUOTE_CHAT} projectId={id}>
      <QuotationScreen id={id} from={from} />
    </ChatProvider>
  );
}

export { QuotationPage as Component };
