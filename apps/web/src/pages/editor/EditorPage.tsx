import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { EditorStart } from '../../features/editor/components/EditorStart';
import { EditorWorkspace } from '../../features/editor/components/EditorWorkspace';
import { openEditor, type OpenRequest } from '../../features/editor/editor-api';

/**
 * /editor (issue 17). `?project_id=` is an editor project (or a design, which opens as a new
 * editor document); `?design=&image=` is a design the design chat sent; neither: the start
 * screen (one of my designs, or a blank box). Every way in goes through POST /api/editor/open,
 * so the SPEC §6 gate (free once, then paid) is the server's, and the URL then names the editor
 * project so a reload reopens the same document.
 */
function EditorPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const projectId = params.get('project_id');
  const design = params.get('design');
  const image = params.get('image');
  const [opened, setOpened] = useState<{ key: string; projectId: string } | null>(null);
  const [failure, setFailure] = useState<{ key: string; message: string } | null>(null);
  const key = `${projectId ?? ''}|${design ?? ''}|${image ?? ''}`;
  const asked = useRef<string | null>(null);

  const open = (request: OpenRequest, forKey: string) => {
    setFailure(null);
    openEditor(request).then(
      ({ projectId: editorId }) => {
        setOpened({ key: `${editorId}||`, projectId: editorId });
        if (editorId !== projectId) void navigate(`/editor?project_id=${encodeURIComponent(editorId)}`, { replace: true });
      },
      (e: unknown) => setFailure({ key: forKey, message: e instanceof Error ? e.message : 'The editor could not open.' }),
    );
  };

  useEffect(() => {
    if (!projectId && !design) return;
    if (opened?.key === key || asked.current === key) return;
    asked.current = key;
    open(design ? { project_id: design, ...(image ? { image_url: image } : {}) } : { project_id: projectId! }, key);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- opens once per way in (the URL)
  }, [key]);

  if (!projectId && !design) return <EditorStart onOpen={(request) => open(request, key)} failure={failure?.message ?? null} />;
  if (failure && failure.key === key)
    return (
      <div className="page-container py-16" role="alert">
        <h1 className="text-2xl font-semibold text-slate-900">The editor could not open this design</h1>
        <p className="mt-3 text-slate-600">{failure.message}</p>
        <div className="mt-6 flex gap-3">
          <button type="button" className="btn-primary h-10 px-4" onClick={() => open(design ? { project_id: design } : { project_id: projectId! }, key)}>
            Try again
          </button>
          <button type="button" className="btn-secondary h-10 px-4" onClick={() => void navigate('/editor')}>
            Start something else
          </button>
        </div>
      </div>
    );
  if (!opened || opened.projectId !== projectId)
    return (
      <div className="page-container py-16" aria-busy="true">
        <p className="text-slate-600" role="status">
          Opening the editor…
        </p>
      </div>
    );
  return <EditorWorkspace key={opened.projectId} projectId={opened.projectId} />;
}

export { EditorPage as Component };
