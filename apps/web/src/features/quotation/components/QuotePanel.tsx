import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { quotationCalls, type SelectionName } from '@packsmith/contracts';
import { apiCall } from '../../../api/client';
import { ApiError } from '../../../api/error-catalogue';
import { ChatBusy } from '../../chat/controller/conversation';
import { useChatController, useChatState } from '../../chat/chat-context';
import { downloadQuotePdf, loadQuotationState, quotationStateKey } from '../quotation-api';
import { latestQuote, latestSelections } from '../quote-data';
import { QuoteCard } from './QuoteCard';
import { SelectionsPanel } from './SelectionsPanel';

const ASKS = [
  'What the product is (Product always comes first)',
  'The box type, suggested from the product',
  'The inside size, in mm or inches',
  'Material, print colours and finishes',
  'How many you need and where they ship',
] as const;

function PanelSkeleton() {
  return (
    <div className="space-y-4" aria-hidden="true" data-testid="quote-skeleton">
      <div className="h-64 animate-pulse rounded-2xl bg-slate-200/70" />
      <div className="h-80 animate-pulse rounded-2xl bg-slate-200/70" />
    </div>
  );
}

function BeforeQuote() {
  return (
    <section className="card p-4" data-testid="quote-empty" aria-labelledby="quote-empty-title">
      <h2 id="quote-empty-title" className="text-sm font-semibold text-slate-900">
        How your quote is built
      </h2>
      <p className="mt-1 text-sm text-slate-600">The assistant asks for what it needs, one thing at a time, then prices the box from its real dieline:</p>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
        {ASKS.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ol>
      <p className="mt-2 text-sm text-slate-600">You get the price for every quantity break, each cost line, MOQ, lead time and factories that can make it.</p>
    </section>
  );
}

/**
 * The right-hand side of /aiquotation: the selections (editable chips) and the quote card, both read
 * from the chat's messages (the newest quote message), or from GET /api/quotation/state after a reload
 * that brought no quote message.
 */
export function QuotePanel({ projectId }: { projectId: string | null }) {
  const chat = useChatController();
  const messages = useChatState((s) => s.messages);
  const status = useChatState((s) => s.status);
  const sending = useChatState((s) => s.sending);
  const [editError, setEditError] = useState<{ message: string; retry(): void } | null>(null);
  const [reply, setReply] = useState('');
  const fromMessages = latestQuote(messages);
  const saved = useQuery({
    queryKey: quotationStateKey(projectId ?? ''),
    queryFn: () => loadQuotationState(projectId ?? ''),
    enabled: projectId !== null && status === 'ready' && fromMessages === null,
    retry: false,
  });
  const quote = fromMessages ?? saved.data?.quotes[0] ?? null;
  const selections = latestSelections(messages) ?? saved.data?.selections ?? [];
  const busy = sending || status !== 'ready';

  const edit = async (name: SelectionName, value: string): Promise<boolean> => {
    if (!projectId) return false;
    setEditError(null);
    try {
      const answer = await chat.runTask(() => apiCall(quotationCalls.selection, { project_id: projectId, name, value }));
      const said = answer?.messages.filter((m) => m.role === 'assistant').at(-1)?.content.message ?? '';
      setReply(said);
      return true;
    } catch (err) {
      const message =
        err instanceof ChatBusy
          ? 'The assistant is still answering; try again in a moment.'
          : err instanceof ApiError
            ? err.message
            : 'That change did not go through.';
      setEditError({ message, retry: () => void edit(name, value) });
      return false;
    }
  };

  if (!projectId || (status === 'starting' && messages.length === 0)) return <PanelSkeleton />;
  return (
    <div className="min-w-0 space-y-4">
      <SelectionsPanel selections={selections} busy={busy} onEdit={edit} />
      <div aria-live="polite" className="space-y-2">
        {sending && (
          <p className="rounded-lg bg-violet-50 px-3 py-2 text-sm text-violet-800" data-testid="quote-waiting">
            The assistant is working out your answer…
          </p>
        )}
        {!sending && reply && (
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="quote-reply">
            {reply}
          </p>
        )}
        {editError && (
          <div role="alert" className="rounded-lg border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-900" data-testid="quote-error">
            <p>{editError.message}</p>
            <button type="button" className="mt-1.5 font-medium text-rose-700 underline" onClick={editError.retry}>
              Try again
            </button>
          </div>
        )}
      </div>
      {saved.isError && !quote && (
        <div role="alert" className="rounded-lg border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-900">
          <p>{saved.error instanceof ApiError ? saved.error.message : 'Your saved quotes could not be loaded.'}</p>
          <button type="button" className="mt-1.5 font-medium text-rose-700 underline" onClick={() => void saved.refetch()}>
            Try again
          </button>
        </div>
      )}
      {quote ? (
        <QuoteCard quote={quote} busy={busy} onQuantity={(q) => void edit('quantity', String(q))} onDownload={downloadQuotePdf} />
      ) : saved.isPending && saved.fetchStatus === 'fetching' ? (
        <PanelSkeleton />
      ) : (
        <BeforeQuote />
      )}
    </div>
  );
}
