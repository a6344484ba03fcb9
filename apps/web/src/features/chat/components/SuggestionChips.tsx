import { useChatController, useChatState } from '../chat-context';
import type { ChatSuggestion } from '../chat-data';

/**
 * One-tap answers the assistant offers when it checks its reading ("Brand Juniper Lane, product gin —
 * right?"). Only the last message's chips can be pressed: older ones belong to a question already answered.
 */
export function SuggestionChips({ items, msgId }: { items: readonly ChatSuggestion[]; msgId: string }) {
  const chat = useChatController();
  const busy = useChatState((s) => s.sending || s.status !== 'ready');
  const answered = useChatState((s) => {
    const at = s.messages.findIndex((m) => m.msg_id === msgId);
    return at >= 0 && s.messages.slice(at + 1).some((m) => m.role === 'user');
  });
  if (answered) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Quick answers" data-testid="suggestion-chips">
      {items.map((item) => (
        <li key={item.label}>
          <button
            type="button"
            disabled={busy}
            onClick={() => void chat.sendMessage(item.content)}
            className="chip hover:border-violet-300 hover:text-violet-700 disabled:opacity-60"
          >
            {item.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
