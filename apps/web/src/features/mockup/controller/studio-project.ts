import type { ChatController } from '../../chat/chat-controller';
import { MOCKUP_START_FAILED_TEXT } from '../mockup-data';
import type { StudioStoreApi } from '../mockup-studio.store';

/** Hears the id of a mockup project made on this screen (the screen puts it in its URL). */
export type OnProject = (projectId: string) => void;

interface StudioProjectDeps {
  store: StudioStoreApi;
  chat: Pick<ChatController, 'createChatProject'>;
  openStudio(projectId: string): Promise<boolean>;
}

export interface StudioProject {
  /**
   * The mockup project the studio works in, open and ready: the one it has, or a new one (POST
   * /api/project {type: 'mockup'}, SPEC §4 chat start without a project id). Null when that failed
   * (the reason is shown).
   */
  ensureProject(onProject?: OnProject): Promise<string | null>;
}

export function createStudioProject({ store, chat, openStudio }: StudioProjectDeps): StudioProject {
  const studio = () => store.getState();
  return {
    async ensureProject(onProject) {
      let id = studio().projectId;
      if (!id) {
        const created = await chat.createChatProject({ type: 'mockup' });
        if (!created) {
          studio().patch({ startError: MOCKUP_START_FAILED_TEXT });
          return null;
        }
        // Claimed before the screen's URL changes, so opening it keeps what the screen holds.
        if (!studio().projectId) studio().patch({ projectId: created });
        id = studio().projectId ?? created;
        onProject?.(id);
      }
      return (await openStudio(id)) ? id : null;
    },
  };
}
