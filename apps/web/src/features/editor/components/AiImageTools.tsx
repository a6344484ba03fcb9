import type { EditorLayer } from '@packsmith/contracts';
import { useEffect, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { ImageEditor } from '../../image-tools/components/ImageEditor';
import { ImageToolsProvider } from '../../image-tools/image-tools-context';
import { createImageToolsController } from '../../image-tools/image-tools-controller';
import { createImageToolsStore } from '../../image-tools/image-tools.store';
import type { PanelTool } from '../../image-tools/tools';
import { useUiStore } from '../../../stores/ui.store';
import { addLayer, targetPanel } from '../editor-actions';
import type { EditorStore } from '../editor.store';
import { newImageLayer } from '../layer-factory';
import { naturalSizeOf } from '../use-image-adder';

/** Which image the AI tools work on: an image layer (results replace it), or none (a new layer from words). */
export type AiRequest = { kind: 'layer'; layerId: string; url: string; tool: PanelTool | null } | { kind: 'new' };

/** The image a layer shows (image layers, image backgrounds, image logos), or null. */
export function layerImageUrl(layer: EditorLayer): string | null {
  if (layer.kind === 'image') return layer.url;
  if (layer.kind === 'background' && layer.fill.type === 'image') return layer.fill.url;
  if (layer.kind === 'logo' && layer.source.type === 'image') return layer.source.url;
  return null;
}

/** The layer's image replaced by `url`, one undoable step. */
export function replaceLayerImage(store: EditorStore, layer: EditorLayer, url: string, natural: { width: number; height: number }, label: string): boolean {
  const props =
    layer.kind === 'image'
      ? { url, natural, crop: { x: 0, y: 0, w: 1, h: 1 } }
      : layer.kind === 'background'
        ? { fill: { type: 'image', url, natural } }
        : { source: { type: 'image', url, natural } };
  const ok = store.getState().dispatch({ type: 'update', id: layer.id, props }, { label, mergeKey: null });
  store.getState().seal();
  return ok;
}

function findLayer(store: EditorStore, id: string): EditorLayer | null {
  for (const p of store.getState().editor?.doc.panels ?? []) {
    const l = p.layers.find((x) => x.id === id);
    if (l) return l;
  }
  return null;
}

/**
 * The AI image tools (remove background, erase, fill, upscale, select a part, text on product,
 * restyle, create from words) on a layer of the document: every result is one undoable step of
 * the document — it replaces the layer's image, except a selected part (segment), which becomes
 * a layer of its own above the original, and a picture made from words, which is a new layer.
 */
export function AiImageTools({ request, onClose, store, projectId }: { request: AiRequest | null; onClose(): void; store: EditorStore; projectId: string }) {
  return (
    <Dialog open={request !== null} onClose={onClose} title={request?.kind === 'new' ? 'Create an image layer' : 'AI tools on this layer'} size="lg">
      {request && (
        <Session key={request.kind === 'layer' ? `${request.layerId}:${request.tool ?? ''}` : 'new'} request={request} store={store} projectId={projectId} />
      )}
    </Dialog>
  );
}

function Session({ request, store, projectId }: { request: AiRequest; store: EditorStore; projectId: string }) {
  const showMessage = useUiStore((s) => s.showMessage);
  const [controller] = useState(() => {
    const tools = createImageToolsStore();
    tools.getState().open(request.kind === 'layer' ? request.url : null, projectId, null);
    if (request.kind === 'layer' && request.tool) tools.getState().chooseTool(request.tool);
    const onResult = (url: string) => {
      const tool = tools.getState().tool;
      void naturalSizeOf(url).then(
        (natural) => {
          const layer = request.kind === 'layer' ? findLayer(store, request.layerId) : null;
          if (layer && tool !== 'segment' && tool !== 'text2image') {
            replaceLayerImage(store, layer, url, natural, `AI: ${tool ?? 'edit'}`);
            return;
          }
          const panel = targetPanel(store);
          if (!panel) return;
          const added = newImageLayer(panel, url, natural, tool === 'segment' ? 'Selected part' : 'AI image');
          // A selected part sits exactly over the layer it was cut from.
          const placed = layer && tool === 'segment' ? { ...added, x: layer.x, y: layer.y, w: layer.w, h: layer.h, rotation: layer.rotation } : added;
          addLayer(store, placed, tool === 'segment' ? 'AI: part as a layer' : 'AI: image from words');
        },
        (e: unknown) => showMessage(e instanceof Error ? e.message : 'The new image could not be read.'),
      );
    };
    return createImageToolsController({ store: tools, onResult });
  });
  useEffect(() => () => controller.dispose(), [controller]);
  return (
    <ImageToolsProvider controller={controller}>
      <p className="mb-3 text-sm text-slate-600">Each result goes straight onto the layer as a step you can undo in the editor (Ctrl+Z).</p>
      <ImageEditor />
    </ImageToolsProvider>
  );
}
