import type { ChatController } from '../chat/chat-controller';
import { createStudioCustom, type StudioCustom } from './controller/studio-custom';
import { createStudioDesign, type StudioDesign } from './controller/studio-design';
import { createStudioEdit, type StudioEdit } from './controller/studio-edit';
import { createStudioGenerate, type StudioGenerate } from './controller/studio-generate';
import { createStudioOpening, type StudioOpening } from './controller/studio-opening';
import { createStudioProject, type StudioProject } from './controller/studio-project';
import { createStudioSetups, type StudioSetups } from './controller/studio-setups';
import { createStudioSnapshot, type StudioSnapshot } from './controller/studio-snapshot';
import { createStudioSync } from './controller/studio-sync';
import type { StudioStoreApi } from './mockup-studio.store';

/*
 * The mockup studio (issue 11, SPEC §4 Mockup): template → design → placement and material → Generate →
 * results; custom templates from a photo; 3D preview snapshots; saved setups. The screen's chat
 * controller runs the conversation, the room and the records' progress; this one turns the mockup
 * messages into the studio's store and starts the mockup calls through the chat, so their progress
 * shows on the page and in the drawer alike.
 */

export interface MockupController extends StudioOpening, StudioProject, StudioEdit, StudioDesign, StudioGenerate, StudioCustom, StudioSnapshot, StudioSetups {
  readonly store: StudioStoreApi;
  /** Stops following the chat; the screen closed. */
  dispose(): void;
}

export function createMockupController({ chat, store }: { chat: ChatController; store: StudioStoreApi }): MockupController {
  const sync = createStudioSync({ store, chat });
  const opening = createStudioOpening({ store, chat, sync });
  const project = createStudioProject({ store, chat, openStudio: opening.openStudio });
  sync.start();
  return {
    store,
    ...opening,
    ...project,
    ...createStudioEdit(store),
    ...createStudioDesign(store),
    ...createStudioGenerate({ store, chat, project }),
    ...createStudioCustom({ store, chat, project }),
    ...createStudioSnapshot({ store, project }),
    ...createStudioSetups(store),
    dispose() {
      opening.closeStudio();
      sync.stop();
    },
  };
}
