import { Component, lazy, Suspense, type ReactNode } from 'react';
import { MOCKUP_FREE_SNAPSHOTS_PER_DAY, isPaid, type MockupTemplateInfo } from '@packsmith/contracts';
import { useSessionStore } from '../../../stores/session.store';
import type { OnProject } from '../controller/studio-project';
import { useMockupController, useStudioState } from '../mockup-context';
import { useDesignFaces } from '../queries';

/** three.js and the preview load only when the 3D tab is opened (their own chunk). */
const Preview3D = lazy(() => import('../preview3d/Preview3D'));

const NO_FACES: Record<string, string> = {};

/** A chunk that fails to load (offline, a new release) says so instead of taking the page down. */
class ChunkBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="rounded-xl border border-rose-200 bg-rose-50 p-6 text-center text-sm text-rose-900">
        <p>The 3D preview could not be loaded.</p>
        <button type="button" className="btn-secondary mt-3 h-9 px-4 text-sm" onClick={() => this.setState({ failed: false })}>
          Try again
        </button>
      </div>
    );
  }
}

function Loading() {
  return (
    <div className="flex aspect-[4/3] w-full items-center justify-center rounded-xl border border-slate-200 bg-slate-100 sm:aspect-[16/10]" role="status">
      <span className="h-6 w-6 animate-spin rounded-full border-2 border-violet-200 border-t-violet-600" aria-hidden="true" />
      <span className="sr-only">Loading the 3D preview…</span>
    </div>
  );
}

/** Free accounts store a few snapshots a day (SPEC §6: unlimited 3D previews on Pro and Business). */
function SnapshotNote() {
  const user = useSessionStore((s) => s.user);
  const snapshot = useStudioState((s) => s.snapshot);
  const paid = user !== null && isPaid(user);
  return (
    <div aria-live="polite" className="text-sm" data-testid="snapshot-note">
      {snapshot.busy && <p className="text-slate-600">Saving the snapshot to your mockups…</p>}
      {snapshot.error && !snapshot.busy && (
        <p role="alert" className="text-rose-700">
          {snapshot.error}
        </p>
      )}
      {!snapshot.busy && !snapshot.error && (
        <p className="text-slate-500">
          {paid
            ? 'Snapshots are saved to your mockups.'
            : snapshot.left !== null
              ? `Snapshots are saved to your mockups: ${snapshot.left} of ${MOCKUP_FREE_SNAPSHOTS_PER_DAY} left today on the Free plan.`
              : `Snapshots are saved to your mockups: ${MOCKUP_FREE_SNAPSHOTS_PER_DAY} a day on the Free plan, unlimited on Pro and Business.`}
        </p>
      )}
    </div>
  );
}

/**
 * The 3D preview of the template's first pack (box_ids[0]), dressed with the design's faces (GET
 * /api/mockup/design/faces): orbit, zoom, material, open and close, and snapshots stored as results.
 */
export function Preview3DPanel({ template, onProject }: { template: MockupTemplateInfo; onProject: OnProject }) {
  const ctl = useMockupController();
  const design = useStudioState((s) => s.design);
  const material = useStudioState((s) => s.edit.material ?? template.material);
  const faces = useDesignFaces(design?.url ?? null);
  const boxId = template.box_ids[0] ?? 0;
  return (
    <div className="space-y-2" data-testid="preview3d-panel">
      <ChunkBoundary>
        <Suspense fallback={<Loading />}>
          <Preview3D
            boxId={boxId}
            faces={faces.data?.faces ?? NO_FACES}
            background={faces.data?.background ?? '#ffffff'}
            material={material}
            onMaterialChange={(m) => ctl.setMaterial(m === template.material ? null : m)}
            onSnapshot={(png) => void ctl.saveSnapshot(png, onProject)}
          />
        </Suspense>
      </ChunkBoundary>
      {!design && <p className="text-sm text-slate-500">Choose a design to see it on the pack.</p>}
      {faces.isError && design && <p className="text-sm text-amber-800">The design’s faces could not be prepared; the pack shows blank.</p>}
      <SnapshotNote />
    </div>
  );
}
