import { Msg, mockupCalls } from '@packsmith/contracts';
import { apiCall } from '../../../api/client';
import { ApiError } from '../../../api/error-catalogue';
import { prepareImage, uploadPrepared } from '../../../api/upload';
import { UploadRejected } from '../../../api/upload-rules';
import { useUiStore } from '../../../stores/ui.store';
import type { ChatController } from '../../chat/chat-controller';
import { ChatBusy } from '../../chat/controller/conversation';
import { CUSTOM_FAILED_TEXT, MOCKUP_BUSY_TEXT, UPLOAD_FAILED_TEXT, mockupRecordEnded } from '../mockup-data';
import type { StudioStoreApi } from '../mockup-studio.store';
import type { OnProject, StudioProject } from './studio-project';

interface StudioCustomDeps {
  store: StudioStoreApi;
  chat: Pick<ChatController, 'store' | 'runTask'>;
  project: StudioProject;
}

/** "Make a mockup from your own photo": a photo of a blank pack becomes a private template. */
export interface StudioCustom {
  /**
   * The photo is checked (SPEC §5) and uploaded with progress, then POST /api/mockup/custom in the
   * mockup project (made first when there is none). The new template's id arrives in a mockupCustom
   * message (or the record); custom.readyTemplateId then names it for the screen to open. A photo where
   * no pack or face is found gets the server's words and "Try again".
   */
  startCustom(file: File, onProject?: OnProject): Promise<boolean>;
  /** "Try again" with the photo already uploaded. */
  retryCustom(onProject?: OnProject): Promise<boolean>;
  /** The screen opened the new template (or the visitor dismissed the failure). */
  clearCustom(): void;
}

export function createStudioCustom({ store, chat, project }: StudioCustomDeps): StudioCustom {
  const studio = () => store.getState();

  async function run(photoUrl: string, onProject?: OnProject): Promise<boolean> {
    studio().patchCustom({ status: 'running', photoUrl, message: null, recordId: null, readyTemplateId: null });
    const projectId = await project.ensureProject(onProject);
    if (!projectId) {
      studio().patchCustom({ status: 'failed', message: studio().startError ?? CUSTOM_FAILED_TEXT });
      return false;
    }
    try {
      const answer = await chat.runTask(() => apiCall(mockupCalls.custom, { project_id: projectId, thumbnail_url: photoUrl }));
      if (!answer) return false;
      if (answer.record && !mockupRecordEnded(answer.record.id, chat.store.getState().messages) && studio().custom.status === 'running')
        studio().patchCustom({ recordId: answer.record.id });
      return true;
    } catch (err) {
      studio().patchCustom({
        status: 'failed',
        message: err instanceof ApiError ? err.message : err instanceof ChatBusy ? MOCKUP_BUSY_TEXT : CUSTOM_FAILED_TEXT,
      });
      return false;
    }
  }

  async function startCustom(file: File, onProject?: OnProject): Promise<boolean> {
    const status = studio().custom.status;
    if (status === 'uploading' || status === 'running') return false;
    studio().patchCustom({ status: 'uploading', progress: 0, message: null, readyTemplateId: null });
    let image;
    try {
      image = await prepareImage(file);
    } catch (err) {
      const message = err instanceof UploadRejected ? err.message : Msg.imageLoadError;
      studio().patchCustom({ status: 'failed', message });
      useUiStore.getState().showMessage(message);
      return false;
    }
    let url: string;
    try {
      url = (await uploadPrepared(image, (progress) => studio().patchCustom({ progress }))).url;
    } catch (err) {
      studio().patchCustom({ status: 'failed', message: err instanceof ApiError ? err.message : UPLOAD_FAILED_TEXT });
      return false;
    }
    return run(url, onProject);
  }

  return {
    startCustom,
    retryCustom(onProject) {
      const c = studio().custom;
      if (!c.photoUrl || c.status === 'running' || c.status === 'uploading') return Promise.resolve(false);
      return run(c.photoUrl, onProject);
    },
    clearCustom() {
      const c = studio().custom;
      studio().patchCustom({ readyTemplateId: null, ...(c.status === 'failed' ? { status: 'idle', message: null } : {}) });
    },
  };
}
