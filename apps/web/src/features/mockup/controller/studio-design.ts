import { Msg, mockupCalls } from '@packsmith/contracts';
import { apiCall } from '../../../api/client';
import { ApiError } from '../../../api/error-catalogue';
import { prepareImage, uploadPrepared } from '../../../api/upload';
import { UploadRejected } from '../../../api/upload-rules';
import { useUiStore } from '../../../stores/ui.store';
import { UPLOAD_FAILED_TEXT } from '../mockup-data';
import type { DesignChoice, StudioStoreApi } from '../mockup-studio.store';

/** The design that goes on the template, and the visitor's materials (SPEC §3 mockupUserMaterial). */
export interface StudioDesign {
  chooseDesign(choice: DesignChoice): void;
  /**
   * "Upload a new file": the SPEC §5 checks in the browser (type, readable, at least 1024 px; over
   * 2048 scaled down), the upload with progress; it becomes the design and is kept in the materials.
   */
  uploadDesign(file: File): Promise<boolean>;
  /** GET /api/material/list into mockupUserMaterial. */
  loadMaterials(): Promise<boolean>;
  /** DELETE /api/material: gone at once, back if the server refuses. */
  deleteMaterial(id: string): Promise<boolean>;
}

export function createStudioDesign(store: StudioStoreApi): StudioDesign {
  const studio = () => store.getState();

  async function keepAsMaterial(url: string): Promise<void> {
    try {
      const item = await apiCall(mockupCalls.addMaterial, { material_url: url }, { silent: true });
      studio().addMaterial({ id: item.id, material_url: item.material_url });
    } catch {
      // Keeping the upload among the materials is a convenience: the design is chosen either way.
    }
  }

  async function uploadDesign(file: File): Promise<boolean> {
    if (studio().designUpload.kind === 'uploading') return false;
    studio().patch({ designUpload: { kind: 'uploading', progress: 0, name: file.name } });
    let image;
    try {
      image = await prepareImage(file);
    } catch (err) {
      const message = err instanceof UploadRejected ? err.message : Msg.imageLoadError;
      studio().patch({ designUpload: { kind: 'rejected', message } });
      useUiStore.getState().showMessage(message);
      return false;
    }
    try {
      const uploaded = await uploadPrepared(image, (progress) => studio().patch({ designUpload: { kind: 'uploading', progress, name: file.name } }));
      studio().patch({ designUpload: { kind: 'done', width: uploaded.width, height: uploaded.height, resized: uploaded.resized } });
      studio().setDesign({ url: uploaded.url, source: 'upload', label: file.name });
      await keepAsMaterial(uploaded.url);
      return true;
    } catch (err) {
      studio().patch({ designUpload: { kind: 'rejected', message: err instanceof ApiError ? err.message : UPLOAD_FAILED_TEXT } });
      return false;
    }
  }

  return {
    chooseDesign: (choice) => studio().setDesign(choice),
    uploadDesign,
    async loadMaterials() {
      try {
        const list = await apiCall(mockupCalls.materials, {}, { silent: true });
        studio().setMaterials(list.map((m) => ({ id: m.id, material_url: m.material_url })));
        return true;
      } catch {
        return false;
      }
    },
    async deleteMaterial(id) {
      const before = studio().mockupUserMaterial;
      studio().removeMaterial(id);
      try {
        await apiCall(mockupCalls.deleteMaterial, { id });
        return true;
      } catch {
        studio().setMaterials(before);
        return false;
      }
    },
  };
}
