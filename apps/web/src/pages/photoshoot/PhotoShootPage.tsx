import { useEffect, useEffectEvent, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ChatProvider, SHOOT_CHAT } from '../../features/chat/chat-context';
import { PhotoShootWorkspace } from '../../features/photoshoot/components/PhotoShootWorkspace';
import { SHOOT, ShootProvider, useShootController } from '../../features/photoshoot/shoot-context';
import { withStickyQuery } from '../../navigation/nav-rules';
import { useProjectStore } from '../../stores/project.store';
import { useUiStore } from '../../stores/ui.store';

/**
 * /photoshoot (SPEC §2): ?project_id= (or ?id=) continues a photo shoot; without one, the shoot this tab
 * was last on (cacheProjectId.photoshoot_id) is reopened, or a new one starts with the first photo and
 * its id goes into the URL.
 */
function PhotoShootScreen({ id }: { id: string | null }) {
  const shoot = useShootController();
  const navigate = useNavigate();
  const location = useLocation();
  const [attempt, setAttempt] = useState(0);
  const go = (to: string) => void navigate(withStickyQuery(to, location.search), { replace: true });
  // The id is what the effect below follows; where to go is read when it runs.
  const reopenCached = useEffectEvent(() => {
    const cached = useProjectStore.getState().cacheProjectId.photoshoot_id;
    if (cached) go(`/photoshoot?project_id=${encodeURIComponent(cached)}`);
  });

  // The drawer is opened by the visitor on this screen; one left open elsewhere does not follow.
  useEffect(() => {
    useUiStore.getState().close('chatDrawer');
  }, []);

  useEffect(() => {
    if (id) {
      void shoot.openShoot(id);
      return () => shoot.closeShoot();
    }
    reopenCached();
  }, [shoot, id, attempt]);

  return (
    <PhotoShootWorkspace
      projectId={id}
      onFile={(file) => void shoot.startShoot(file, (projectId) => projectId !== id && go(`/photoshoot?project_id=${encodeURIComponent(projectId)}`))}
      onNewShoot={() => {
        shoot.newShoot();
        useUiStore.getState().close('chatDrawer');
        go('/photoshoot');
      }}
      onRetryOpen={() => {
        shoot.closeShoot();
        setAttempt((a) => a + 1);
      }}
    />
  );
}

function PhotoShootPage() {
  const [params] = useSearchParams();
  const id = params.get('project_id') ?? params.get('id');
  // Without an id the screen goes on to the shoot this tab was on: it shows what it kept of that one meanwhile.
  const cached = useProjectStore((s) => s.cacheProjectId.photoshoot_id);
  const shown = id ?? (cached || null);
  return (
    <ChatProvider keepAs={SHOOT_CHAT} projectId={shown}>
      <ShootProvider keepAs={SHOOT} projectId={shown}>
        <PhotoShootScreen id={id} />
      </ShootProvider>
    </ChatProvider>
  );
}

export { PhotoShootPage as Component };
