import { mockupCalls } from '@packsmith/contracts';
import { apiCall } from '../../../api/client';
import { ApiError } from '../../../api/error-catalogue';
import { uploadPrepared } from '../../../api/upload';
import type { StudioStoreApi } from '../mockup-studio.store';
import { fitSnapshot } from '../snapshot-image';
import type { OnProject, StudioProject } from './studio-project';

export const SNAPSHOT_FAILED_TEXT = 'The snapshot could not be saved. Please try again.';

interface StudioSnapshotDeps {
  store: StudioStoreApi;
  project: StudioProject;
}

export interface StudioSnapshot {
  /**
   * A 3D preview snapshot becomes a result: the PNG is uploaded the normal way (sized to the upload
   * rules), then POST /api/mockup/snapshot stores it in the project. Free accounts have a few a day
   * (snapshots_left is shown); none left answers 450, which the catalogue turns into the pay modal.
   */
  saveSnapshot(png: Blob, onProject?: OnProject): Promise<boolean>;
}

export function createStudioSnapshot({ store, project }: StudioSnapshotDeps): StudioSnapshot {
  const studio = () => store.getState();
  const setSnapshot = (values: Partial<ReturnType<typeof studio>['snapshot']>) => studio().patch({ snapshot: { ...studio().snapshot, ...values } });

  return {
    async saveSnapshot(png, onProject) {
      if (studio().snapshot.busy) return false;
      setSnapshot({ busy: true, error: null });
      try {
        const projectId = await project.ensureProject(onProject);
        if (!projectId) {
          setSnapshot({ busy: false, error: SNAPSHOT_FAILED_TEXT });
          return false;
        }
        const uploaded = await uploadPrepared(await fitSnapshot(png));
        const answer = await apiCall(mockupCalls.snapshot, { project_id: projectId, image_url: uploaded.url });
        studio().addResults([...answer.result_list.flat(), answer.image_url]);
        studio().patch({ latestRun: [answer.image_url] });
        setSnapshot({ busy: false, left: answer.snapshots_left });
        return true;
      } catch (err) {
        setSnapshot({ busy: false, error: err instanceof ApiError ? err.message : SNAPSHOT_FAILED_TEXT });
        return false;
      }
    },
  };
}
