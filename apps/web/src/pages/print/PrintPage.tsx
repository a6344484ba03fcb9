import { useSearchParams } from 'react-router';
import { AppLink } from '../../components/AppLink';
import { errorText } from '../../features/factories/labels';
import { PrintCheckPanel } from '../../features/print/PrintCheckPanel';
import { PrintOrder } from '../../features/print/PrintOrder';
import { PrintRequestList } from '../../features/print/PrintRequestList';
import { ProjectPicker } from '../../features/print/ProjectPicker';
import { usePrintCheck } from '../../features/print/print-queries';
import { PageFrame } from '../../layout/PageFrame';
import { useSessionStore } from '../../stores/session.store';

function CheckedDesign({ projectId, imageUrl }: { projectId: string; imageUrl: string | null }) {
  const check = usePrintCheck(projectId, imageUrl);
  if (check.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-8 text-sm text-slate-500">
        <span className="h-4 w-4 animate-spin rounded-full border-2 border-violet-200 border-t-violet-600" aria-hidden="true" />
        Checking your design's dieline…
      </p>
    );
  }
  if (check.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-700">
        <span>{errorText(check.error)}</span>
        <button type="button" className="btn-secondary h-8 px-3 text-xs" onClick={() => void check.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <PrintCheckPanel check={check.data} />
      <PrintOrder check={check.data} />
    </div>
  );
}

function PrintPage() {
  const [params, setParams] = useSearchParams();
  const projectId = params.get('project_id');
  const imageUrl = params.get('image_url');
  const isUser = useSessionStore((s) => s.tokenType === 'user');
  return (
    <PageFrame
      route="print"
      description="Turn a finished design into printed boxes: check the dieline, pick material and finish with a live price, and send the request to a factory."
      actions={
        projectId ? (
          <AppLink to="/print" className="btn-secondary h-10 px-4">
            Choose another design
          </AppLink>
        ) : undefined
      }
    >
      <div className="space-y-8 pb-16">
        {projectId ? (
          <CheckedDesign key={`${projectId}|${imageUrl ?? ''}`} projectId={projectId} imageUrl={imageUrl} />
        ) : (
          <>
            <ProjectPicker onPick={(id, url) => setParams({ project_id: id, image_url: url })} />
            {isUser && <PrintRequestList />}
          </>
        )}
      </div>
    </PageFrame>
  );
}

export { PrintPage as Component };
