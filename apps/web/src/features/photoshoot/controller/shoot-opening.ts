import { useProjectStore } from '../../../stores/project.store';
import type { ChatController } from '../../chat/chat-controller';
import { NOT_A_SHOOT_TEXT, OPEN_FAILED_TEXT } from '../photoshoot-data';
import type { ShootStoreApi } from '../photoshoot.store';
import type { ShootSync } from './shoot-sync';

interface ShootOpeningDeps {
  store: ShootStoreApi;
  chat: Pick<ChatController, 'store' | 'openChat' | 'closeChat' | 'newChat'>;
  sync: ShootSync;
}

/** Opening, leaving and starting over a photo shoot; its chat is opened with the drawer's surface. */
export interface ShootOpening {
  /**
   * SPEC §4 chat start with a project id, for a photo shoot: the room, the history, the project and
   * (for an empty history) the hello; then the photo shoot state is rebuilt from them. Calls for the
   * project already being opened share one start.
   */
  openShoot(projectId: string): Promise<boolean>;
  /** The screen closed: the chat stops following the project; what is shown stays for a return. */
  closeShoot(): void;
  /** "New photo shoot": every project, photo, mockup and chat state is reset (SPEC §4), and this screen's too. */
  newShoot(): void;
}

function rememberShoot(projectId: string): void {
  const project = useProjectStore.getState();
  project.patch({ cacheProjectId: { ...project.cacheProjectId, photoshoot_id: projectId } });
}

export function createShootOpening({ store, chat, sync }: ShootOpeningDeps): ShootOpening {
  let opening: { projectId: string; promise: Promise<boolean> } | null = null;
  const shoot = () => store.getState();

  function openShoot(projectId: string): Promise<boolean> {
    sync.start();
    if (shoot().projectId !== projectId) {
      shoot().reset(projectId);
      sync.forget();
    }
    const chatState = chat.store.getState();
    if (chatState.projectId === projectId && chatState.status === 'ready') {
      rememberShoot(projectId);
      return Promise.resolve(true);
    }
    if (opening?.projectId === projectId) return opening.promise;
    shoot().patch({ startError: null });
    sync.replay(true);
    const mine: { projectId: string; promise: Promise<boolean> } = {
      projectId,
      promise: chat.openChat(projectId, { surface: 'drawer' }).then((ok) => {
        if (opening !== mine) return false;
        opening = null;
        sync.replay(false);
        const c = chat.store.getState();
        if (!ok) {
          if (c.projectId === projectId || c.projectId === null) shoot().patch({ startError: c.error ?? OPEN_FAILED_TEXT });
          shoot().setCutting(false);
          return false;
        }
        if (c.project && c.project.type !== 'photoshoot') {
          shoot().patch({ startError: NOT_A_SHOOT_TEXT });
          return false;
        }
        rememberShoot(projectId);
        // Messages that came in while the chat opened (the history) are applied now that it is ours.
        sync.process(chat.store.getState().messages);
        if (c.project) sync.hydrate(c.project);
        return true;
      }),
    };
    opening = mine;
    return mine.promise;
  }

  return {
    openShoot,
    closeShoot() {
      opening = null;
      sync.replay(false);
      chat.closeChat();
    },
    newShoot() {
      opening = null;
      sync.replay(false);
      chat.newChat();
      shoot().reset();
      sync.forget();
    },
  };
}
