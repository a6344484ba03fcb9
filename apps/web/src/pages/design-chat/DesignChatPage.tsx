import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { closeChat, createChatProject, newChat, openChat } from '../../features/chat/chat-controller';
import { useChatSession } from '../../features/chat/chat-session.store';
import { ChatWorkspace } from '../../features/chat/components/ChatWorkspace';
import { withStickyQuery } from '../../navigation/nav-rules';
import { useUiStore } from '../../stores/ui.store';

/** What a parent screen passes in the navigation state to start a child design from one of its images. */
export interface ChildDesignState {
  childOf: { parentProjectId: string; imageUrl: string; originImage?: string };
}

function childOf(state: unknown): ChildDesignState['childOf'] | null {
  if (typeof state !== 'object' || state === null || !('childOf' in state)) return null;
  const c = (state as { childOf: unknown }).childOf;
  if (typeof c !== 'object' || c === null) return null;
  const { parentProjectId, imageUrl, originImage } = c as Record<string, unknown>;
  if (typeof parentProjectId !== 'string' || typeof imageUrl !== 'string') return null;
  return { parentProjectId, imageUrl, ...(typeof originImage === 'string' ? { originImage } : {}) };
}

/**
 * /design-chat (SPEC §2): ?pid= continues a project; without it a new design project is created
 * (?fid= forks a redesign; a parent screen may pass a child design) and the URL becomes ?pid=.
 */
function DesignChatPage() {
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

  useEffect(() => {
    if (pid) {
      void openChat(pid, { surface: 'page' });
      return () => closeChat();
    }
    let cancelled = false;
    newChat();
    useChatSession.getState().patch({ status: 'starting' });
    void createChatProject({ type: 'design', forkFrom: fid, child }).then((id) => {
      if (cancelled) return;
      if (id) void navigate(withStickyQuery(`/design-chat?pid=${encodeURIComponent(id)}`, location.search), { replace: true });
      else useChatSession.getState().patch({ status: 'error', error: 'We could not start a new chat. Please try again.' });
    });
    return () => {
      cancelled = true;
    };
    // childKey stands for `child`, whose object identity changes on every render.
  }, [pid, fid, childKey, attempt]);

  return <ChatWorkspace heading="Design chat" onRetryStart={() => setAttempt((a) => a + 1)} />;
}

export { DesignChatPage as Component };
