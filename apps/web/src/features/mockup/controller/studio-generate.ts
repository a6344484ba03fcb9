import { mockupCalls } from '@packsmith/contracts';
import { apiCall } from '../../../api/client';
import { ApiError } from '../../../api/error-catalogue';
import type { ChatController } from '../../chat/chat-controller';
import { ChatBusy } from '../../chat/controller/conversation';
import { MOCKUP_BUSY_TEXT, MOCKUP_FAILED_TEXT, mockupEffectOf, mockupRecordEnded } from '../mockup-data';
import type { StudioStoreApi } from '../mockup-studio.store';
import { currentSetup } from '../setup-data';
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
      const setup = currentSetup({ template, design, edit: { placement, material } });
      if (answer.record && setup) studio().patch({ runSetups: { ...studio().runSetups, [answer.record.id]: setup } });
      // A fast render may have answered over the socket before this reply.
      if (answer.record && !mockupRecordEnded(answer.record.id, chat.store.getState().messages)) studio().patch({ resultRecordId: answer.record.id });
      else {
        studio().patchConfig({ isGenerate: false });
        // Its images are already here: they get the setup that made them.
        const done = answer.record
          ? chat.store
              .getState()
              .messages.map(mockupEffectOf)
              .find((e) => e?.kind === 'results' && e.recordId === answer.record?.id)
          : null;
        if (done?.kind === 'results') studio().addResults(done.urls, done.templateId, setup);
      }
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
