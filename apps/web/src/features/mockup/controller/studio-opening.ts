import type { ChatController } from '../../chat/chat-controller';
import { MOCKUP_OPEN_FAILED_TEXT, NOT_A_MOCKUP_TEXT } from '../mockup-data';
import type { StudioStoreApi } from '../mockup-studio.store';
import type { StudioSync } from './studio-sync';

interface StudioOpeningDeps {
  store: StudioStoreApi;
  chat: Pick<ChatController, 'store' | 'openChat' | 'closeChat' | 'newChat'>;
  sync: StudioSync;
}

/** Opening, leaving and starting over a mockup project; its chat is opened with the drawer's surface. */
export interface StudioOpening {
  /**
   * SPEC §4 chat start with a project id, for a mockup: the room, the history, the project and (for
   * an empty history) the hello; then the results and the linked design are read from them. Calls for
   * the project already being opened share one start.
   */
  openStudio(projectId: string): Promise<boolean>;
  /** The screen closed: the chat stops following the project; what is shown stays for a return. */
  closeStudio(): void;
  /** "New mockup": every project, mockup and chat state is reset (SPEC §4), and this screen's too. */
  newMockup(): void;
}

export function createStudioOpening({ store, chat, sync }: StudioOpeningDeps): StudioOpening {
  let opening: { projectId: string; promise: Promise<boolean> } | null = null;
  const studio = () => store.getState();

  function openStudio(projectId: string): Promise<boolean> {
    sync.start();
    if (studio().projectId !== projectId) {
      // A project made on this screen a moment ago keeps what the screen holds (template, design, edit).
      if (studio().projectId !== null) studio().reset(projectId);
      else studio().patch({ projectId });
      sync.forget();
    }
    const c0 = chat.store.getState();
    if (c0.projectId === projectId && c0.status === 'ready') return Promise.resolve(true);
    if (opening?.projectId === projectId) return opening.promise;
    studio().patch({ startError: null });
    sync.replay(true);
    const mine: { projectId: string; promise: Promise<boolean> } = {
      projectId,
      promise: chat.openChat(projectId, { surface: 'drawer' }).then((ok) => {
        if (opening !== mine) return false;
        opening = null;
        sync.replay(false);
        const c = chat.store.getState();
        if (!ok) {
          if (c.projectId === projectId || c.projectId === null) studio().patch({ startError: c.error ?? MOCKUP_OPEN_FAILED_TEXT });
          return false;
        }
        if (c.project && c.project.type !== 'mockup') {
          studio().patch({ startError: NOT_A_MOCKUP_TEXT });
          return false;
        }
        sync.process(chat.store.getState().messages);
        if (c.project) sync.hydrate(c.project);
        return true;
      }),
    };
    opening = mine;
    return mine.promise;
  }

  return {
    openStudio,
    closeStudio() {
      opening = null;
      sync.replay(false);
      chat.closeChat();
    },
    newMockup() {
      opening = null;
      sync.replay(false);
      chat.newChat();
      studio().reset();
      sync.forget();
    },
  };
}
