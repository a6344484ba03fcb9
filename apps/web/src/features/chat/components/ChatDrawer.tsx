import { useEffect, useRef } from 'react';
import { useUiStore } from '../../../stores/ui.store';
import { DRAWER_CHAT, ChatProvider, useChatController } from '../chat-context';
import { ChatView } from './ChatView';
import { CloseIcon, SparkleIcon } from './icons';

interface ChatDrawerProps {
  /** The project whose chat is shown; nothing opens until it is known. */
  projectId: string | null;
  title?: string;
  /**
   * The screen runs this chat itself (the photo shoot reacts to its messages while the drawer is
   * closed): the drawer only shows the surrounding chat, and opening or closing it neither starts nor stops it.
   */
  managed?: boolean;
}

/** The drawer's own chat: opened with the drawer, closed with it. */
function DrawerConversation({ projectId }: { projectId: string }) {
  const chat = useChatController();
  useEffect(() => {
    void chat.openChat(projectId, { surface: 'drawer' });
    return () => chat.closeChat();
  }, [chat, projectId]);
  return <ChatView compact />;
}

/**
 * The chat drawer of the photo shoot, mockup, quotation and child-design chats (SPEC §2, the ui
 * store's chatDrawer flag): a right-side panel on wide screens, a full-screen sheet on phones.
 * Escape or the close button hides it; the chat starts when it opens and stops when it closes.
 */
export function ChatDrawer({ projectId, title = 'Assistant', managed = false }: ChatDrawerProps) {
  const open = useUiStore((s) => s.chatDrawer);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.querySelector<HTMLElement>('textarea')?.focus();
    const onKey = (e: KeyboardEvent) => {
      // The preview and dialogs above the drawer handle their own Escape first.
      if (e.key === 'Escape' && !useUiStore.getState().imageSwiper && !e.defaultPrevented) useUiStore.getState().close('chatDrawer');
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (opener && document.contains(opener)) opener.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <div
      ref={panel}
      role="dialog"
      aria-modal="false"
      aria-label={title}
      data-testid="chat-drawer"
      className="fixed inset-0 z-50 flex flex-col bg-slate-50 shadow-2xl sm:inset-y-0 sm:left-auto sm:right-0 sm:top-16 sm:z-40 sm:w-[26rem] sm:border-l sm:border-slate-200"
    >
      <div className="flex h-14 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-4">
        <span className="flex h-8 w-8 items-center justify-center rounded-full bg-gradient-to-br from-violet-500 to-fuchsia-500 text-white" aria-hidden="true">
          <SparkleIcon className="h-4 w-4" filled />
        </span>
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900">{title}</h2>
        <button type="button" className="btn-icon" aria-label="Close chat" onClick={() => useUiStore.getState().close('chatDrawer')}>
          <CloseIcon className="h-5 w-5" />
        </button>
      </div>
      {managed ? (
        <ChatView compact />
      ) : (
        projectId && (
          <ChatProvider key={projectId} keepAs={DRAWER_CHAT} projectId={projectId}>
            <DrawerConversation projectId={projectId} />
          </ChatProvider>
        )
      )}
    </div>
  );
}
