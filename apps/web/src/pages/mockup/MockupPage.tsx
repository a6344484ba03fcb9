import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { CompositeMaterial } from '@packsmith/contracts';
import { ChatProvider } from '../../features/chat/chat-context';
import { ChatDrawer } from '../../features/chat/components/ChatDrawer';
import { ChatIcon, PlusIcon } from '../../features/chat/components/icons';
import { ImageSwiper } from '../../features/chat/components/ImageSwiper';
import { MockupLibrary } from '../../features/mockup/components/MockupLibrary';
import { MockupStudio } from '../../features/mockup/components/MockupStudio';
import { MOCKUP_CHAT, MOCKUP_STUDIO, MockupProvider, useMockupController, useStudioState } from '../../features/mockup/mockup-context';
import { libraryHref, parseMockupLocation, studioHref, type MockupLocation } from '../../features/mockup/mockup-url';
import { PageFrame } from '../../layout/PageFrame';
import { withStickyQuery } from '../../navigation/nav-rules';
import { useUiStore } from '../../stores/ui.store';

/** An address with one query value changed. */
function withParam(at: { pathname: string; search: string }, key: string, value: string): string {
  const params = new URLSearchParams(at.search);
  params.set(key, value);
  return `${at.pathname}?${params.toString()}`;
}

function StartError({ onRetry, onNew }: { onRetry(): void; onNew(): void }) {
  const error = useStudioState((s) => s.startError);
  if (!error) return null;
  return (
    <div role="alert" className="mb-6 rounded-2xl border border-rose-200 bg-rose-50 px-5 py-4 text-sm text-rose-900" data-testid="start-error">
      <p className="font-medium">{error}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn-secondary h-9 px-3 text-sm" onClick={onRetry}>
          Try again
        </button>
        <button type="button" className="btn-secondary h-9 px-3 text-sm" onClick={onNew}>
          Start a new mockup
        </button>
      </div>
    </div>
  );
}

/**
 * /aimockup and /aimockup/{category} (SPEC §2): the template library, or with ?template= the studio on
 * that template; ?project_id= is the mockup project its results go to (made on the first Generate,
 * custom template or 3D snapshot, then put in the URL). The URL scheme is in features/mockup/mockup-url.ts.
 */
function MockupScreen({ loc }: { loc: MockupLocation }) {
  const ctl = useMockupController();
  const navigate = useNavigate();
  const location = useLocation();
  const [attempt, setAttempt] = useState(0);
  const drawerOpen = useUiStore((s) => s.chatDrawer);
  const go = useCallback((to: string, replace = false) => void navigate(withStickyQuery(to, location.search), { replace }), [navigate, location.search]);
  // A project made by a call started earlier goes into the address as it is when the project exists.
  const latest = useRef(location);
  useEffect(() => {
    latest.current = location;
  });
  const onProject = useCallback((id: string) => void navigate(withParam(latest.current, 'project_id', id), { replace: true }), [navigate]);
  const onTemplate = useCallback((templateId: string) => go(studioHref({ category: null, templateId, projectId: ctl.store.getState().projectId })), [go, ctl]);

  // The drawer is opened by the visitor on this screen; one left open elsewhere does not follow.
  useEffect(() => {
    useUiStore.getState().close('chatDrawer');
  }, []);

  useEffect(() => {
    if (!loc.projectId) return;
    void ctl.openStudio(loc.projectId);
    return () => ctl.closeStudio();
  }, [ctl, loc.projectId, attempt]);

  const newMockup = () => {
    ctl.newMockup();
    useUiStore.getState().close('chatDrawer');
    go(loc.templateId ? studioHref({ category: loc.category, templateId: loc.templateId }) : libraryHref({ category: loc.category }));
  };
  const openSetup = (saved: CompositeMaterial) => {
    const setup = ctl.restoreSetup(saved);
    if (setup) go(studioHref({ category: setup.category, templateId: setup.template_id, projectId: ctl.store.getState().projectId }));
  };

  return (
    <div className={drawerOpen ? 'sm:pr-[26rem]' : ''}>
      <PageFrame
        route="aimockup"
        eyebrow={loc.templateId ? undefined : (loc.category ?? undefined)}
        description={
          loc.templateId
            ? 'Choose your design, place it on the pack and pick the material; Generate puts it on the template with the scene’s own light.'
            : 'Put your design on packaging photographed in our studio: pick a template, or make one from a photo of your own blank pack.'
        }
        actions={
          loc.projectId ? (
            <>
              <button type="button" className="btn-secondary h-10 px-4 text-sm" onClick={newMockup} data-testid="new-mockup">
                <PlusIcon className="h-4 w-4" />
                New mockup
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
        <StartError onRetry={() => setAttempt((a) => a + 1)} onNew={newMockup} />
        {loc.templateId ? (
          <MockupStudio templateId={loc.templateId} projectId={loc.projectId} onProject={onProject} onOpenSetup={openSetup} />
        ) : (
          <MockupLibrary location={loc} projectId={loc.projectId} go={go} onProject={onProject} onTemplate={onTemplate} />
        )}
      </PageFrame>
      <ChatDrawer projectId={loc.projectId} title="Mockup assistant" managed />
      {!drawerOpen && <ImageSwiper />}
    </div>
  );
}

function MockupPage() {
  const splat = useParams()['*'];
  const [params] = useSearchParams();
  const loc = useMemo(() => parseMockupLocation(splat, params), [splat, params]);
  return (
    <ChatProvider keepAs={MOCKUP_CHAT} projectId={loc.projectId}>
      <MockupProvider keepAs={MOCKUP_STUDIO} projectId={loc.projectId}>
        <MockupScreen loc={loc} />
      </MockupProvider>
    </ChatProvider>
  );
}

export { MockupPage as Component };
