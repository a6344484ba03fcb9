import { RedoIcon, UndoIcon } from '../../chat/components/icons';
import { useMockupController, useStudioState } from '../mockup-context';
import { isDefaultPlacement } from '../placement';

/** Undo, redo (mockupConfig.undoList/redoList) and Reset (SPEC §4: the configuration back to its defaults). */
export function EditToolbar() {
  const ctl = useMockupController();
  const canUndo = useStudioState((s) => s.mockupConfig.undoList.length > 0);
  const canRedo = useStudioState((s) => s.mockupConfig.redoList.length > 0);
  const changed = useStudioState((s) => s.edit.material !== null || !isDefaultPlacement(s.edit.placement) || s.mockupConfig.undoList.length > 0);
  const mod = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';
  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Edit history" data-testid="edit-toolbar">
      <button
        type="button"
        className="btn-secondary h-9 px-3 text-sm"
        disabled={!canUndo}
        onClick={ctl.undo}
        title={`Undo (${mod}Z)`}
        aria-keyshortcuts="Control+Z Meta+Z"
      >
        <UndoIcon className="h-4 w-4" />
        Undo
      </button>
      <button
        type="button"
        className="btn-secondary h-9 px-3 text-sm"
        disabled={!canRedo}
        onClick={ctl.redo}
        title={`Redo (${mod}Shift+Z)`}
        aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
      >
        <RedoIcon className="h-4 w-4" />
        Redo
      </button>
      <button type="button" className="btn-secondary ml-auto h-9 px-3 text-sm" disabled={!changed} onClick={ctl.resetEdit} data-testid="reset-edit">
        Reset
      </button>
    </div>
  );
}
