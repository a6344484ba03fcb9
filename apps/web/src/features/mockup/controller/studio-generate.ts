import { mockupCalls } from '@packsmith/contracts';
import { apiCall } from '../../../api/client';
import { ApiError } from '../../../api/error-catalogue';
import type { ChatController } from '../../chat/chat-controller';
import { ChatBusy } from '../../chat/controller/conversation';
import { MOCKUP_BUSY_TEXT, MOCKUP_FAILED_TEXT, mockupRecordEnded } from '../mockup-data';
import type { StudioStoreApi } from '../mockup-studio.store';
import type { OnProject, StudioProject } from './studio-project';

interface StudioGenerateDeps {
  store: StudioStoreApi;
  chat: Pick<ChatController, 'store' | 'runTask'>;
  project: StudioProject;
}

export interface StudioGenerate {
  /**
   * Generate: the design on the template with its placement and material (POST /api/mockup/result),
   * in the mockup project (made first when there is none). Progress comes from generate:progress and
   * polling; the image arrives as a mockupGenerate message (or in the record). A limit (450) shows
   * its message, closes the drawer and opens the pay modal after 500 ms (the API client's catalogue).
   */
  generate(onProject?: OnProject): Promise<boolean>;
}

export function createStudioGenerate({ store, chat, project }: StudioGenerateDeps): StudioGenerate {
  const studio = () => store.getState();
  let starting = false;

  async function generate(onProject?: OnProject): Promise<boolean> {
    const s = studio();
    const template = s.template;
    const design = s.design;
    if (!template || !design || s.resultRecordId || starting) return false;
    starting = true;
    s.patch({ resultError: null });
    s.patchConfig({ isGenerate: true });
    try {
      const projectId = await project.ensureProject(onProject);
      if (!projectId) {
        studio().patchConfig({ isGenerate: false });
        return false;
      }
      const { placement, material } = studio().edit;
      const answer = await chat.runTask(() =>
        apiCall(mockupCalls.result, {
          project_id: projectId,
          mockup_template_id: template.id,
          image_url: design.url,
          placement,
          ...(material ? { material } : {}),
          origin_image: design.url,
        }),
      );
      if (!answer) {
        studio().patchConfig({ isGenerate: false });
        return false;
      }
      // A fast render may have answered over the socket before this reply.
      if (answer.record && !mockupRecordEnded(answer.record.id, chat.store.getState().messages)) studio().patch({ resultRecordId: answer.record.id });
      else studio().patchConfig({ isGenerate: false });
      return true;
    } catch (err) {
      studio().patch({ resultError: err instanceof ApiError ? err.message : err instanceof ChatBusy ? MOCKUP_BUSY_TEXT : MOCKUP_FAILED_TEXT });
      studio().patchConfig({ isGenerate: false });
      return false;
    } finally {
      starting = false;
    }
  }

  return { generate };
}
