import { useImageTools, useImageToolsController } from '../image-tools-context';
import { PANEL_TOOLS, TOOL_INFO, costLabel } from '../tools';

/** The steps toolbar: one button per tool with its credit cost; the active one is pressed. With no image, only Create from words. */
export function ToolBar() {
  const { store } = useImageToolsController();
  const active = useImageTools((s) => s.tool);
  const running = useImageTools((s) => s.run !== null);
  const empty = useImageTools((s) => s.history === null);
  return (
    <div
      role="toolbar"
      aria-label="Image tools"
      data-testid="image-toolbar"
      className="-mx-1 flex gap-1.5 overflow-x-auto px-1 pb-1 sm:flex-wrap sm:overflow-visible"
    >
      {PANEL_TOOLS.map((tool) => {
        const pressed = active === tool;
        return (
          <button
            key={tool}
            type="button"
            aria-pressed={pressed}
            disabled={running || (empty && !TOOL_INFO[tool].standalone)}
            data-testid={`tool-${tool}`}
            onClick={() => store.getState().chooseTool(pressed ? null : tool)}
            className={`inline-flex shrink-0 flex-col items-start rounded-lg border px-3 py-1.5 text-left text-sm transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${
              pressed ? 'border-violet-600 bg-violet-600 text-white' : 'border-slate-300 bg-white text-slate-800 hover:border-slate-400 hover:bg-slate-50'
            }`}
          >
            <span className="font-medium">{TOOL_INFO[tool].label}</span>
            <span className={`text-xs ${pressed ? 'text-violet-100' : 'text-slate-500'}`}>{costLabel(tool)}</span>
          </button>
        );
      })}
    </div>
  );
}
