import { useEffect, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { ImageToolsProvider } from '../image-tools-context';
import { createImageToolsController, type ImageToolsIo } from '../image-tools-controller';
import { createImageToolsStore } from '../image-tools.store';
import { ImageEditor } from './ImageEditor';

interface ImageEditorPanelProps {
  /** The image to edit; null: closed. */
  imageUrl: string | null;
  projectId: string | null;
  /** SPEC §3 mockupConfig.eraseScale, the brush size to start with. */
  eraseScale?: number;
  onClose(): void;
  /** Each new image the tools make (the mockup studio lists them with its results). */
  onResult?(url: string): void;
  /** Tests give their own I/O. */
  io?: ImageToolsIo;
}

/** "Edit image": the image editor in a large dialog (full width on phones), one store per opening. */
export function ImageEditorPanel({ imageUrl, projectId, eraseScale, onClose, onResult, io }: ImageEditorPanelProps) {
  return (
    <Dialog open={imageUrl !== null} onClose={onClose} title="Edit image" size="lg">
      {imageUrl !== null && <EditorSession key={imageUrl} imageUrl={imageUrl} projectId={projectId} eraseScale={eraseScale} onResult={onResult} io={io} />}
    </Dialog>
  );
}

function EditorSession({ imageUrl, projectId, eraseScale, onResult, io }: Omit<ImageEditorPanelProps, 'onClose' | 'imageUrl'> & { imageUrl: string }) {
  const [controller] = useState(() => {
    const store = createImageToolsStore(eraseScale);
    store.getState().open(imageUrl, projectId);
    return createImageToolsController({ store, io, onResult: (url) => onResult?.(url) });
  });
  useEffect(() => () => controller.dispose(), [controller]);
  return (
    <ImageToolsProvider controller={controller}>
      <ImageEditor />
    </ImageToolsProvider>
  );
}
