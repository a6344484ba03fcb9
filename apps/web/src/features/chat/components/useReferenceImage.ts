import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/error-catalogue';
import { uploadImage } from '../../../api/upload';
import { UploadRejected } from '../../../api/upload-rules';
import { useUiStore } from '../../../stores/ui.store';

export type Reference =
  { kind: 'none' } | { kind: 'uploading'; progress: number; preview: string } | { kind: 'ready'; url: string } | { kind: 'rejected'; message: string };

/**
 * The composer's reference image: it goes through the shared upload (its checks and messages) while a
 * local preview shows; the preview's object URL is released once it is no longer shown.
 */
export function useReferenceImage() {
  const [reference, setReference] = useState<Reference>({ kind: 'none' });
  const preview = useRef<string | null>(null);
  const releasePreview = () => {
    if (preview.current) URL.revokeObjectURL(preview.current);
    preview.current = null;
  };
  useEffect(() => releasePreview, []);

  const attach = async (picked: File): Promise<void> => {
    releasePreview();
    const local = URL.createObjectURL(picked);
    preview.current = local;
    setReference({ kind: 'uploading', progress: 0, preview: local });
    try {
      const uploaded = await uploadImage(picked, (progress) => setReference({ kind: 'uploading', progress, preview: local }));
      setReference({ kind: 'ready', url: uploaded.url });
    } catch (err) {
      const message = err instanceof UploadRejected || err instanceof ApiError ? err.message : 'The upload failed. Please try again.';
      if (err instanceof UploadRejected) useUiStore.getState().showMessage(err.message);
      setReference({ kind: 'rejected', message });
    } finally {
      releasePreview();
    }
  };

  return { reference, setReference, attach };
}
