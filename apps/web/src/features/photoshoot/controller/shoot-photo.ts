import { Msg, photoshootCalls } from '@packsmith/contracts';
import { apiCall } from '../../../api/client';
import { ApiError } from '../../../api/error-catalogue';
import { prepareImage, uploadPrepared, type PreparedImage } from '../../../api/upload';
import { UploadRejected } from '../../../api/upload-rules';
import { useUiStore } from '../../../stores/ui.store';
import type { ChatController } from '../../chat/chat-controller';
import { ChatBusy } from '../../chat/controller/conversation';
import { BUSY_TEXT, CUTOUT_FAILURE_TEXT, START_FAILED_TEXT } from '../photoshoot-data';
import type { ShootStoreApi } from '../photoshoot.store';

interface ShootPhotoDeps {
  store: ShootStoreApi;
  chat: Pick<ChatController, 'createChatProject' | 'runTask'>;
  startSync(): void;
  openShoot(projectId: string): Promise<boolean>;
}

/** The product photo: its checks, its upload, and its cut-out. */
export interface ShootPhoto {
  /**
   * A photo was picked or dropped: the browser checks it (SPEC §5: type, readable, at least 1024 px) and
   * scales it to 2048; it uploads with progress while the project is made (when there is none); then
   * the chat opens and POST /api/photoshoot/image/test starts the cut-out. `onProject` hears the new
   * project's id (the screen puts it in its URL).
   */
  startShoot(file: File, onProject?: (projectId: string) => void): Promise<boolean>;
  /** "Try again" after a failed cut-out: the same uploaded photo, cut out again. */
  retryCutout(): Promise<boolean>;
}

export function createShootPhoto({ store, chat, startSync, openShoot }: ShootPhotoDeps): ShootPhoto {
  let starting = false;
  const shoot = () => store.getState();

  async function ensureProject(): Promise<string | null> {
    const current = shoot().projectId;
    if (current) return current;
    const id = await chat.createChatProject({ type: 'photoshoot' });
    // Claimed before the screen's URL changes, so opening it keeps the upload in progress.
    if (id && !shoot().projectId) shoot().patch({ projectId: id });
    return shoot().projectId;
  }

  function showLocalPreview(image: PreparedImage): void {
    const old = shoot().localPreview;
    if (old) URL.revokeObjectURL(old);
    let url: string | null;
    try {
      url = URL.createObjectURL(image.blob);
    } catch {
      url = null;
    }
    shoot().patch({ localPreview: url });
  }

  async function runCutout(imageUrl: string): Promise<boolean> {
    const projectId = shoot().projectId;
    if (!projectId) return false;
    shoot().patch({ isCutting: true, cutError: null });
    try {
      const answer = await chat.runTask(() => apiCall(photoshootCalls.imageTest, { project_id: projectId, image_url: imageUrl }));
      if (!answer) return false;
      if (!answer.record) return true;
      shoot().patch({ cutRecordId: answer.record.id });
      return true;
    } catch (err) {
      shoot().patch({ isCutting: false, cutError: err instanceof ApiError ? err.message : err instanceof ChatBusy ? BUSY_TEXT : CUTOUT_FAILURE_TEXT.failed });
      return false;
    }
  }

  /** SPEC §5 checks and scaling; the picked photo shows at once while it uploads. */
  async function prepare(file: File): Promise<PreparedImage | null> {
    shoot().patch({ upload: { kind: 'uploading', progress: 0, name: file.name }, cutError: null, startError: null, shootError: null });
    let image: PreparedImage;
    try {
      image = await prepareImage(file);
    } catch (err) {
      const message = err instanceof UploadRejected ? err.message : Msg.imageLoadError;
      shoot().patch({ upload: { kind: 'rejected', message } });
      useUiStore.getState().showMessage(message);
      return null;
    }
    showLocalPreview(image);
    shoot().patchInfo({ photoUrl: '', transparentUrl: '' });
    shoot().patch({ isCutting: true, placementEdit: null, coordinates: null, cutRecordId: null });
    return image;
  }

  async function uploadAndCut(file: File, onProject?: (projectId: string) => void): Promise<boolean> {
    const image = await prepare(file);
    if (!image) return false;
    const projecting = ensureProject();
    let uploadedUrl: string;
    try {
      const uploaded = await uploadPrepared(image, (progress) => shoot().patch({ upload: { kind: 'uploading', progress, name: file.name } }));
      uploadedUrl = uploaded.url;
      shoot().patch({ upload: { kind: 'done', width: uploaded.width, height: uploaded.height, resized: uploaded.resized } });
      shoot().patchInfo({ photoUrl: uploaded.url });
    } catch (err) {
      shoot().patch({
        isCutting: false,
        upload: { kind: 'rejected', message: err instanceof ApiError ? err.message : 'The upload failed. Please try again.' },
      });
      await projecting;
      return false;
    }
    const projectId = await projecting;
    if (!projectId) {
      shoot().patch({ isCutting: false, startError: START_FAILED_TEXT });
      return false;
    }
    onProject?.(projectId);
    if (!(await openShoot(projectId))) {
      shoot().setCutting(false);
      return false;
    }
    return await runCutout(uploadedUrl);
  }

  async function startShoot(file: File, onProject?: (projectId: string) => void): Promise<boolean> {
    if (starting) return false;
    starting = true;
    startSync();
    try {
      return await uploadAndCut(file, onProject);
    } finally {
      starting = false;
    }
  }

  function retryCutout(): Promise<boolean> {
    const url = shoot().photoShootInfo.photoUrl;
    if (!url || url.startsWith('blob:')) return Promise.resolve(false);
    return runCutout(url);
  }

  return { startShoot, retryCutout };
}
