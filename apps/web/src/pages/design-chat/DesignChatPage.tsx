import { useEffect, useEffectEvent, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ChatProvider, PAGE_CHAT, useChatController } from '../../features/chat/chat-context';
import { ChatWorkspace } from '../../features/chat/components/ChatWorkspace';
import { withStickyQuery } from '../../navigation/nav-rules';
import { useUiStore } from '../../stores/ui.store';

/** What a parent screen passes in the navigation state to start a child design from one of its images. */
export interface ChildDesignState {
  childOf: { parentProjectId: string; imageUrl: string; originImage?: string };
}

function childOf(state: unknown): ChildDesignState['childOf'] | null {
  if (typeof state !== 'object' || state === null || !('childOf' in state)) return null;
  const c = state.childOf;
  if (typeof c !== 'object' || c === null) return null;
  const { parentProjectId, imageUrl, originImage } = c as Record<string, unknown>;
  if (typeof parentProjectId !== 'string' || typeof imageUrl !== 'string') return null;
  return { parentProjectId, imageUrl, ...(typeof originImage === 'string' ? { originImage } : {}) };
}

/**
 * /design-chat (SPEC §2): ?pid= continues a project; without it a new design project is created
 * (?fid= forks a redesign; a parent screen may pass a child design) and the URL becomes ?pid=.
 */
function DesignChatScreen() {
  const chat = useChatController();
  const [params] = useSearchParams();
  const pid = params.get('pid');
  const fid = params.get('fid');
  const location = useLocation();
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState(0);
  const child = childOf(location.state);
  const childKey = child ? `${child.parentProjectId}|${child.imageUrl}` : '';

  useEffect(() => {
    useUiStore.getState().close('chatDrawer');
  }, []);

  // Read when a new chat starts, not followed: `child` is a new object on every render, and the search
  // only carries the sticky parameters along.
  const startNewChat = useEffectEvent((cancelled: () => boolean) => {
    chat.newChat();
    chat.store.getState().patch({ status: 'starting' });
    void chat.createChatProject({ type: 'design', forkFrom: fid, child }).then((id) => {
      if (cancelled()) return;
      if (id) void navigate(withStickyQuery(`/design-chat?pid=${encodeURIComponent(id)}`, location.search), { replace: true });
      else chat.store.getState().patch({ status: 'error', error: 'We could not start a new chat. Please try again.' });
    });
  });

  useEffect(() => {
    if (pid) {
      void chat.openChat(pid, { surface: 'page' });
      return () => chat.closeChat();
    }
    let cancelled = false;
    startNewChat(() => cancelled);
    return () => {
      cancelled = true;
    };
    // childKey stands for `child`; fid and attempt start another new chat.
  }, [chat, pid, fid, childKey, attempt]);

  return <ChatWorkspace heading="Design chat" onRetryStart={() => setAttempt((a) => a + 1)} />;
}

function DesignChatPage() {
  const [params] = useSearchParams();
  return (
    <ChatProvider keepAs={PAGE_CHAT} projectId={params.get('pid')}>
      <DesignChatScreen />
    </ChatProvider>
  );
}

export { DesignChatPage as Component };
