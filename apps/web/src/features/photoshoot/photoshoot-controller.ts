import type { ChatController } from '../chat/chat-controller';
import { createShootGenerate, type ShootGenerate } from './controller/shoot-generate';
import { createShootOpening, type ShootOpening } from './controller/shoot-opening';
import { createShootPhoto, type ShootPhoto } from './controller/shoot-photo';
import { createShootPlacement, type ShootPlacement } from './controller/shoot-placement';
import { createShootSync } from './controller/shoot-sync';
import type { ShootStoreApi } from './photoshoot.store';

/*
 * The photo shoot flow (SPEC §4): upload → project → room and hello → cut-out → scene → placement →
 * composite → results. The screen's chat controller runs the conversation, the room and the records'
 * progress; this one turns the photo shoot messages into the shoot's store and starts the photo shoot
 * calls through the chat, so their progress shows in both places.
 */

export interface ShootController extends ShootOpening, ShootPhoto, ShootPlacement, ShootGenerate {
  readonly store: ShootStoreApi;
  /** Stops following the chat; the screen closed. */
  dispose(): void;
}

export function createShootController({ chat, store }: { chat: ChatController; store: ShootStoreApi }): ShootController {
  const sync = createShootSync({ store, chat });
  const opening = createShootOpening({ store, chat, sync });
  const photo = createShootPhoto({ store, chat, startSync: sync.start, openShoot: opening.openShoot });
  return {
    store,
    ...opening,
    ...photo,
    ...createShootPlacement(store),
    ...createShootGenerate({ store, chat }),
    dispose() {
      opening.closeShoot();
      sync.stop();
    },
  };
}
