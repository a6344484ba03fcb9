import { useEffect, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { ImageToolsProvider } from '../image-tools-context';
import { createImageToolsController, type ImageToolsIo } from '../image-tools-controller';
import { createImageToolsStore } from '../image-tools.store';
import { ImageEditor } from './ImageEditor';

interface ImageEditorPanelProps {
  /** The image to edit; null: closed, unless `blank`. */
  imageUrl: string | null;
  /** Opens the panel with no image: only Create from words, whose image becomes step 1. */
  blank?: boolean;
  projectId: string | null;
  /** The mockup template the image was made on, when known: Add text can then go on the pack. */
  templateId?: string | null;
  /** SPEC §3 mockupConfig.eraseScale, the brush size to start with. */
  eraseScale?: number;
  onClose(): void;
  /** Each new image the tools make (the mockup studio lists them with its results). */
  onResult?(url: string): void;
  /** A project for an empty panel opened before there is one (the mockup studio makes it); null when that failed. */
  ensureProject?(): Promise<string | null>;
  /** A keyword chip: close the panel and search the mockup library for it. */
  onFindTemplates?(keyword: string): void;
  /** Tests give their own I/O. */
  io?: ImageToolsIo;
}

/** "Edit image": the image editor in a large dialog (full width on phones), one store per opening. */
export function ImageEditorPanel({ imageUrl, blank = false, onClose, ...session }: ImageEditorPanelProps) {
  const open = imageUrl !== null || blank;
  return (
    <Dialog open={open} onClose={onClose} title="Edit image" size="lg">
      {open && <EditorSession key={imageUrl ?? 'blank'} imageUrl={imageUrl} {...session} />}
    </Dialog>
  );
}

function EditorSession({
  imageUrl,
  projectId,
  templateId,
  eraseScale,
  onResult,
  ensureProject,
  onFindTemplates,
  io,
}: Omit<ImageEditorPanelProps, 'onClose' | 'blank'>) {
  const [controller] = useState(() => {
    const store = createImageToolsStore(eraseScale);
    store.getState().open(imageUrl, projectId, templateId ?? null);
    return createImageToolsController({ store, io, onResult: (url) => onResult?.(url), ensureProject });
  });
  useEffect(() => () => controller.dispose(), [controller]);
  return (
    <ImageToolsProvider controller={controller}>
      <ImageEditor onFindTemplates={onFindTemplates} />
    </ImageToolsProvider>
  );
}
