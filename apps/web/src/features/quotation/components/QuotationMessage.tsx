import type { ChatMessage } from '@packsmith/contracts';
import { useChatController, useChatState } from '../../chat/chat-context';
import { AssistantBubble, AssistantRow } from '../../chat/components/Bubbles';
import { formatCount, formatMoney, processLabel, quotationDataOf } from '../quote-data';

/** Every finished assistant message of a pricing-tool chat is drawn here (its data is QuotationChatData). */
export function isQuotationMessage(m: ChatMessage, projectType: string | undefined): boolean {
  return projectType === 'pricing_tool' && m.role === 'assistant' && !m.isloading;
}

/** Quick answers for what the assistant asks; only the newest question's can be pressed. */
function OptionChips({ m }: { m: ChatMessage }) {
  const chat = useChatController();
  const busy = useChatState((s) => s.sending || s.status !== 'ready');
  const answered = useChatState((s) => {
    const at = s.messages.findIndex((x) => x.msg_id === m.msg_id);
    return at >= 0 && s.messages.slice(at + 1).some((x) => x.role === 'user' || x.content.type === 'answer');
  });
  const options = quotationDataOf(m)?.options ?? [];
  if (answered || options.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Quick answers" data-testid="quote-options">
      {options.map((o) => (
        <li key={`${o.label}-${o.value}`}>
          <button
            type="button"
            disabled={busy}
            onClick={() => void chat.sendMessage(o.value)}
            className="chip hover:border-violet-300 hover:text-violet-700 disabled:opacity-60"
          >
            {o.label}
          </button>
        </li>
      ))}
    </ul>
  );
}

export function QuotationMessage({ m }: { m: ChatMessage }) {
  const kind = m.content.type;
  const text = m.content.message.trim();
  const quote = kind === 'answer' ? quotationDataOf(m)?.quote : undefined;
  return (
    <AssistantRow testId="chat-message" kind={kind}>
      {text && <AssistantBubble tone={kind === 'error' ? 'error' : 'default'}>{text}</AssistantBubble>}
      {quote && (
        <p className="w-fit rounded-xl border border-violet-200 bg-violet-50 px-3 py-2 text-sm text-violet-900" data-testid="quote-summary">
          {formatCount(quote.quantity)} × {formatMoney(quote.unit_price, quote.currency)} = <strong>{formatMoney(quote.total, quote.currency, 2)}</strong> ·{' '}
          {processLabel(quote.process)}
        </p>
      )}
      <OptionChips m={m} />
    </AssistantRow>
  );
}
