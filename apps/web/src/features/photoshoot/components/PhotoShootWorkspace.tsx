import { PageFrame } from '../../../layout/PageFrame';
import { useUiStore } from '../../../stores/ui.store';
import { useChatState } from '../../chat/chat-context';
import { ChatDrawer } from '../../chat/components/ChatDrawer';
import { ChatIcon, PlusIcon } from '../../chat/components/icons';
import { ImageSwiper } from '../../chat/components/ImageSwiper';
import { useShootState } from '../shoot-context';
import { EmptyState } from './EmptyState';
import { GeneratePanel } from './GeneratePanel';
import { PlacementCanvas } from './PlacementCanvas';
import { ProductCard } from './ProductCard';
import { ResultsSection } from './ResultsSection';
import { SceneGallery } from './SceneGallery';

interface WorkspaceProps {
  /** The project in the URL (null on a fresh /photoshoot). */
  projectId: string | null;
  onFile(file: File): void;
  onNewShoot(): void;
  onRetryOpen(): void;
}

function Skeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]" aria-hidden="true" data-testid="photoshoot-skeleton">
      <div className="aspect-[4/3] animate-pulse rounded-2xl bg-slate-100" />
      <div className="h-80 animate-pulse rounded-2xl bg-slate-100" />
    </div>
  );
}

/**
 * The /photoshoot screen: the empty state with the drop zone, then the product (cut-out), the scenes,
 * the placement canvas with Generate, and the results; the assistant in the chat drawer (SPEC §2).
 * One column on phones; the scenes move to a side column on wide screens.
 */
export function PhotoShootWorkspace({ projectId, onFile, onNewShoot, onRetryOpen }: WorkspaceProps) {
  const info = useShootState((s) => s.photoShootInfo);
  const isCutting = useShootState((s) => s.isCutting);
  const upload = useShootState((s) => s.upload);
  const localPreview = useShootState((s) => s.localPreview);
  const cutError = useShootState((s) => s.cutError);
  const startError = useShootState((s) => s.startError);
  const chatStatus = useChatState((s) => s.status);
  const drawerOpen = useUiStore((s) => s.chatDrawer);
  const hasPhoto = info.photoUrl !== '' || info.transparentUrl !== '' || localPreview !== null || isCutting || cutError !== null;
  const opening = projectId !== null && chatStatus === 'starting' && !hasPhoto;

  return (
    <div className={drawerOpen ? 'sm:pr-[26rem]' : ''}>
      <PageFrame
        route="photoshoot"
        description="Upload a photo of your product. We cut it out, recommend scenes for it, and you place it where it should stand; then we shoot it with the scene's light and shadow."
        actions={
          projectId ? (
            <>
              <button type="button" className="btn-secondary h-10 px-4 text-sm" onClick={onNewShoot}>
                <PlusIcon className="h-4 w-4" />
                New photo shoot
              </button>
              <button
                type="button"
                className="btn-primary h-10 px-4 text-sm"
                aria-pressed={drawerOpen}
                onClick={() => useUiStore.getState().toggle('chatDrawer')}
                data-testid="assistant-toggle"
              >
                <ChatIcon className="h-4 w-4" />
                {drawerOpen ? 'Hide assistant' : 'Assistant'}
              </button>
            </>
          ) : undefined
        }
      >
        <div className="pb-16">
          {startError && (
            <div role="alert" className="mb-6 rounded-2xl border border-rose-200 bg-rose-50 px-5 py-4 text-sm text-rose-900" data-testid="start-error">
              <p className="font-medium">{startError}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                {projectId && (
                  <button type="button" className="btn-secondary h-9 px-3 text-sm" onClick={onRetryOpen}>
                    Try again
                  </button>
                )}
                <button type="button" className="btn-secondary h-9 px-3 text-sm" onClick={onNewShoot}>
                  Start a new photo shoot
                </button>
              </div>
            </div>
          )}
          {opening ? (
            <Skeleton />
          ) : !hasPhoto ? (
            <EmptyState onFile={onFile} busy={upload.kind === 'uploading'} />
          ) : (
            <>
              {/* Rows: the product's height, then the rest; the scenes span both, so a long gallery never pushes the canvas down. */}
              <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr] xl:grid-cols-[minmax(0,1fr)_23rem]">
                <div className="min-w-0 lg:col-start-1 lg:row-start-1">
                  <ProductCard onFile={onFile} />
                </div>
                <div className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
                  <SceneGallery />
                </div>
                <section aria-labelledby="place-heading" className="card min-w-0 p-4 sm:p-5 lg:col-start-1 lg:row-start-2 lg:self-start">
                  <h2 id="place-heading" className="mb-4 text-base font-semibold text-slate-900">
                    <span
                      className="mr-2 inline-flex h-6 w-6 items-center justify-center rounded-full bg-violet-100 text-xs font-semibold text-violet-700"
                      aria-hidden="true"
                    >
                      3
                    </span>
                    Place your product
                  </h2>
                  <PlacementCanvas />
                  <GeneratePanel />
                </section>
              </div>
              <ResultsSection />
            </>
          )}
        </div>
      </PageFrame>
      <ChatDrawer projectId={projectId} title="Photo shoot assistant" managed />
      {!drawerOpen && <ImageSwiper />}
    </div>
  );
}
