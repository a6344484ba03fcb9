import { photoshootCalls, type ExtractedCoordinates } from '@packsmith/contracts';
import { apiCall } from '../../../api/client';
import { ApiError } from '../../../api/error-catalogue';
import { uploadImage } from '../../../api/upload';
import type { ChatController } from '../../chat/chat-controller';
import { ChatBusy } from '../../chat/controller/conversation';
import { BUSY_TEXT, SHOOT_FAILED_TEXT, recordEnded } from '../photoshoot-data';
import type { Scene, ShootStoreApi } from '../photoshoot.store';
import { DEFAULT_FLOOR_Y, toPlacement, type Size } from '../placement';

interface ShootGenerateDeps {
  store: ShootStoreApi;
  chat: Pick<ChatController, 'store' | 'runTask'>;
}

/** The scene and the composite run made on it. */
export interface ShootGenerate {
  chooseScene(url: string): void;
  /** "Use my own background": the same checks and upload as the product photo; it becomes the scene. */
  uploadBackground(file: File, onProgress?: (fraction: number) => void): Promise<Scene>;
  /**
   * Generate: POST /api/photoshoot/background with the chosen scene and the placement on the 1024
   * canvas. Progress comes from generate:progress and polling; the results arrive as an answer. A limit
   * (450) shows its message, closes the drawer and opens the pay modal (SPEC §8, in the API client).
   */
  generateShoot(): Promise<boolean>;
}

/** When the cut-out came without coordinates (an older project), the crop is the whole cut-out. */
function coordinatesFor(cutout: Size | null): ExtractedCoordinates {
  const w = cutout?.width ?? 1024;
  const h = cutout?.height ?? 1024;
  return { x: 0, y: 0, width: w, height: h, totalWidth: w, totalHeight: h, cropWidth: w, cropHeight: h, rotation: 0 };
}

export function createShootGenerate({ store, chat }: ShootGenerateDeps): ShootGenerate {
  const shoot = () => store.getState();

  function chooseScene(url: string): void {
    shoot().patchInfo({ backgroundUrl: url });
  }

  async function uploadBackground(file: File, onProgress?: (fraction: number) => void): Promise<Scene> {
    const uploaded = await uploadImage(file, onProgress);
    const scene: Scene = {
      url: uploaded.url,
      thumbnailUrl: uploaded.url,
      name: 'Your background',
      size: { width: uploaded.width, height: uploaded.height },
      floorY: DEFAULT_FLOOR_Y,
      template: null,
    };
    shoot().addScenes([scene]);
    chooseScene(uploaded.url);
    return scene;
  }

  async function generateShoot(): Promise<boolean> {
    const s = shoot();
    const projectId = s.projectId;
    const info = s.photoShootInfo;
    if (!projectId || !info.transparentUrl || !info.backgroundUrl || s.shootRecordId) return false;
    const edit = s.placementEdit;
    const placement = edit && edit.sceneUrl === info.backgroundUrl ? toPlacement(edit.history.present, edit.cutout, edit.back) : undefined;
    shoot().patch({ shootError: null });
    try {
      const answer = await chat.runTask(() =>
        apiCall(photoshootCalls.background, {
          project_id: projectId,
          background_url: info.backgroundUrl,
          extracted_coordinates: shoot().coordinates ?? coordinatesFor(edit?.cutout ?? null),
          ...(placement ? { placement } : {}),
        }),
      );
      if (!answer) return false;
      // A fast run may have answered over the socket before this reply.
      if (answer.record && !recordEnded(answer.record.id, chat.store.getState().messages)) shoot().patch({ shootRecordId: answer.record.id });
      return true;
    } catch (err) {
      shoot().patch({ shootError: err instanceof ApiError ? err.message : err instanceof ChatBusy ? BUSY_TEXT : SHOOT_FAILED_TEXT });
      return false;
    }
  }

  return { chooseScene, uploadBackground, generateShoot };
}
