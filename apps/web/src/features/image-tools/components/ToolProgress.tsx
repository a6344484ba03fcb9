import { useImageTools } from '../image-tools-context';
import { TOOL_INFO } from '../tools';

/** While a tool runs: its name and its record's progress. Then its error in the server's words, or a notice. */
export function ToolStatus() {
  const run = useImageTools((s) => s.run);
  const error = useImageTools((s) => s.error);
  const notice = useImageTools((s) => s.notice);
  return (
    <div className="min-h-[1.5rem] space-y-2" data-testid="tool-status">
      {run && (
        <div>
          <div className="flex justify-between text-sm text-slate-700">
            <span id="tool-progress-label">{TOOL_INFO[run.tool].running}…</span>
            <span aria-hidden="true">{run.progress}%</span>
          </div>
          <div
            role="progressbar"
            aria-labelledby="tool-progress-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={run.progress}
            data-testid="tool-progress"
            className="mt-1 h-2 overflow-hidden rounded-full bg-slate-100"
          >
            <div className="h-full rounded-full bg-violet-600 transition-[width]" style={{ width: `${Math.max(4, run.progress)}%` }} />
          </div>
        </div>
      )}
      {error && !run && (
        <p role="alert" className="rounded-lg border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-800" data-testid="tool-error">
          {error}
        </p>
      )}
      {notice && !run && (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="tool-notice">
          {notice}
        </p>
      )}
    </div>
  );
}
