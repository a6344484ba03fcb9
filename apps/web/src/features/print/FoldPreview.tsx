import { lazy, Suspense, useState } from 'react';
import { CanvasBoundary } from '../../components/CanvasBoundary';

// three.js is loaded only when the user asks for the 3D view.
const Preview3D = lazy(() => import('../mockup/preview3d/Preview3D'));

const NO_FACES: Record<string, string> = {};

/** The box folded in 3D from the same catalogue geometry as the dieline, the design on its front. */
export function FoldPreview({ boxId, frontUrl }: { boxId: number; frontUrl: string }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button type="button" className="btn-secondary h-9 px-4" onClick={() => setOpen(true)}>
        Show the box folded in 3D
      </button>
    );
  }
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200" data-testid="fold-preview">
      <CanvasBoundary fallback={(message) => <p className="p-4 text-sm text-slate-500">The 3D view is not available on this device: {message}</p>}>
        <Suspense fallback={<p className="p-4 text-sm text-slate-500">Loading the 3D view…</p>}>
          <Preview3D boxId={boxId} faces={frontUrl ? { front: frontUrl } : NO_FACES} background="#ffffff" material="WHITE_BOARD" className="h-80 w-full" />
        </Suspense>
      </CanvasBoundary>
    </div>
  );
}
