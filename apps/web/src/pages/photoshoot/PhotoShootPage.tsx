import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { closeShoot, newShoot, openShoot, startShoot } from '../../features/photoshoot/photoshoot-controller';
import { PhotoShootWorkspace } from '../../features/photoshoot/components/PhotoShootWorkspace';
import { withStickyQuery } from '../../navigation/nav-rules';
import { useProjectStore } from '../../stores/project.store';
import { useUiStore } from '../../stores/ui.store';

/**
 * /photoshoot (SPEC §2): ?project_id= (or ?id=) continues a photo shoot; without one, the shoot this tab
 * was last on (cacheProjectId.photoshoot_id) is reopened, or a new one starts with the first photo and
 * its id goes into the URL.
 */
function PhotoShootPage() {
  const [params] = useSearchParams();
  const id = params.get('project_id') ?? params.get('id');
  const navigate = useNavigate();
  const location = useLocation();
  const [attempt, setAttempt] = useState(0);
  const go = (to: string) => void navigate(withStickyQuery(to, location.search), { replace: true });

  // The drawer is opened by the visitor on this screen; one left open elsewhere does not follow.
  useEffect(() => {
    useUiStore.getState().close('chatDrawer');
  }, []);

  useEffect(() => {
    if (id) {
      void openShoot(id);
      return () => closeShoot();
    }
    const cached = useProjectStore.getState().cacheProjectId.photoshoot_id;
    if (cached) go(`/photoshoot?project_id=${encodeURIComponent(cached)}`);
    // `go` is rebuilt every render; the id is what this effect follows.
  }, [id, attempt]);

  return (
    <PhotoShootWorkspace
      projectId={id}
      onFile={(file) => void startShoot(file, (projectId) => projectId !== id && go(`/photoshoot?project_id=${encodeURIComponent(projectId)}`))}
      onNewShoot={() => {
        newShoot();
        useUiStore.getState().close('chatDrawer');
        go('/photoshoot');
      }}
      onRetryOpen={() => {
        closeShoot();
        setAttempt((a) => a + 1);
      }}
    />
  );
}

export { PhotoShootPage as Component };
