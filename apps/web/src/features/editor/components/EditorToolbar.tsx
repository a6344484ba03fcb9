import { UPLOAD_ACCEPT_ATTR } from '../../../api/upload-rules';
import { canRedo, canUndo } from '@packsmith/editor';
import { useRef, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useMenuButton } from '../../../components/useMenuButton';
import { addLayer, targetPanel } from '../editor-actions';
import type { EditorStore, SaveStatus } from '../editor.store';
import { EDITOR_ICONS } from '../icons';
import { newBarcodeLayer, newIconLayer, newShapeLayer, newTextLayer } from '../layer-factory';
import { fitToScreen, zoomPercent, zoomStep, zoomTo100 } from '../canvas/view-actions';
import { useImageAdder } from '../use-image-adder';
import { ImagePicker } from './ImagePicker';
import { NutritionPicker } from './NutritionPicker';
import { PanelMenu } from './PanelMenu';

export type EditorDialog = 'export' | 'versions' | 'shortcuts';

const SAVE_TEXT: Record<SaveStatus, string> = {
  saved: 'All changes saved',
  dirty: 'Unsaved changes',
  saving: 'Saving…',
  error: 'Not saved yet: retrying',
  stale: 'Changed elsewhere',
};

function ToolButton({
  label,
  onClick,
  disabled,
  pressed,
  children,
  testId,
}: {
  label: string;
  onClick(): void;
  disabled?: boolean;
  pressed?: boolean;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <button
      type="button"
      className={`inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-lg px-2 text-sm font-medium transition-colors disabled:opacity-40 ${pressed ? 'bg-violet-100 text-violet-800' : 'text-slate-700 hover:bg-slate-100'}`}
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      aria-pressed={pressed}
      data-testid={testId}
    >
      {children}
    </button>
  );
}

interface ToolbarProps {
  store: EditorStore;
  projectId: string;
  onDialog(dialog: EditorDialog): void;
  show3d: boolean;
  onToggle3d(): void;
  flush(): Promise<boolean>;
}

export function EditorToolbar({ store, projectId, onDialog, show3d, onToggle3d, flush }: ToolbarProps) {
  const undoable = useStore(store, (s) => (s.editor ? canUndo(s.editor) : false));
  const redoable = useStore(store, (s) => (s.editor ? canRedo(s.editor) : false));
  const saveStatus = useStore(store, (s) => s.saveStatus);
  const guides = useStore(store, (s) => s.editor?.doc.guides);
  const zoom = useStore(store, (s) => s.view.pxPerMm);
  const name = useStore(store, (s) => s.name);
  const file = useRef<HTMLInputElement>(null);
  const images = useImageAdder(store);
  const uploading = images.busy;
  const [picking, setPicking] = useState(false);
  const [nutrition, setNutrition] = useState(false);
  const add = useMenuButton();
  const icons = useMenuButton();

  const percent = zoomPercent(zoom);
  return (
    <div className="flex flex-wrap items-center gap-1 border-b border-slate-200 bg-white px-2 py-1.5 sm:px-3" role="toolbar" aria-label="Editor">
      <div className="mr-2 flex min-w-0 flex-col">
        <span className="max-w-[12rem] truncate text-sm font-semibold text-slate-900">{name || 'Untitled'}</span>
        <span
          className={`text-xs ${saveStatus === 'error' || saveStatus === 'stale' ? 'text-rose-600' : 'text-slate-500'}`}
          role="status"
          data-testid="save-status"
          data-status={saveStatus}
        >
          {SAVE_TEXT[saveStatus]}
        </span>
      </div>
      <ToolButton label="Undo (Ctrl+Z)" onClick={() => store.getState().undo()} disabled={!undoable} testId="undo">
        ↶
      </ToolButton>
      <ToolButton label="Redo (Ctrl+Shift+Z)" onClick={() => store.getState().redo()} disabled={!redoable}>
        ↷
      </ToolButton>
      <span className="mx-1 h-6 w-px bg-slate-200" aria-hidden="true" />
      <div className="relative">
        <button className="btn-primary h-9 px-3 text-sm" {...add.buttonProps} data-testid="add-menu">
          + Add
        </button>
        {add.open && (
          <div className="absolute left-0 top-10 z-30 w-56 rounded-xl border border-slate-200 bg-white p-1 shadow-lg" {...add.menuProps}>
            {(
              [
                ['Text', () => addLayer(store, newTextLayer(targetPanel(store)!), 'Add text')],
                ['Rectangle', () => addLayer(store, newShapeLayer(targetPanel(store)!, 'rect'), 'Add rectangle')],
                ['Ellipse', () => addLayer(store, newShapeLayer(targetPanel(store)!, 'ellipse'), 'Add ellipse')],
                ['Line', () => addLayer(store, newShapeLayer(targetPanel(store)!, 'line'), 'Add line')],
                ['Image from your computer…', () => file.current?.click()],
                ['From my materials or designs…', () => setPicking(true)],
                ['Barcode (EAN-13)', () => addLayer(store, newBarcodeLayer(targetPanel(store)!), 'Add barcode')],
                ['Nutrition label…', () => setNutrition(true)],
              ] as const
            ).map(([label, run]) => (
              <button
                key={label}
                type="button"
                role="menuitem"
                className="menu-item w-full text-left"
                onClick={() => {
                  add.close(false);
                  run();
                }}
              >
                {label}
              </button>
            ))}
          </div>
        )}
      </div>
      <div className="relative">
        <button className="btn-secondary h-9 px-3 text-sm" {...icons.buttonProps}>
          Icon
        </button>
        {icons.open && (
          <div
            className="absolute left-0 top-10 z-30 grid w-64 grid-cols-5 gap-1 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
            {...icons.menuProps}
          >
            {EDITOR_ICONS.map((icon) => (
              <button
                key={icon.id}
                type="button"
                role="menuitem"
                className="flex h-10 items-center justify-center rounded-lg hover:bg-slate-100"
                aria-label={icon.label}
                title={icon.label}
                onClick={() => {
                  icons.close(false);
                  addLayer(store, newIconLayer(targetPanel(store)!, icon.id, icon.body), 'Add icon');
                }}
              >
                <svg
                  viewBox="0 0 24 24"
                  width="20"
                  height="20"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  aria-hidden="true"
                  dangerouslySetInnerHTML={{ __html: icon.body }}
                />
              </button>
            ))}
          </div>
        )}
      </div>
      <input
        ref={file}
        type="file"
        accept={UPLOAD_ACCEPT_ATTR}
        className="sr-only"
        tabIndex={-1}
        aria-label="Image to add"
        data-testid="add-image-input"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void images.addFile(f);
        }}
      />
      {uploading && (
        <span className="text-xs text-slate-500" role="status">
          Uploading…
        </span>
      )}
      <NutritionPicker open={nutrition} onClose={() => setNutrition(false)} store={store} />
      <ImagePicker open={picking} onClose={() => setPicking(false)} onPick={(url, name) => void images.addStored(url, name)} />
      <PanelMenu store={store} projectId={projectId} flush={flush} />
      <span className="mx-1 hidden h-6 w-px bg-slate-200 sm:block" aria-hidden="true" />
      <div className="hidden items-center gap-1 md:flex" role="group" aria-label="Guides">
        {guides &&
          (
            [
              ['bleed', 'Bleed'],
              ['safe', 'Safe zone'],
              ['folds', 'Folds'],
            ] as const
          ).map(([key, label]) => (
            <ToolButton
              key={key}
              label={`${guides[key] ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
              pressed={guides[key]}
              onClick={() => store.getState().setGuides({ [key]: !guides[key] })}
            >
              {label}
            </ToolButton>
          ))}
      </div>
      <span className="mx-1 hidden h-6 w-px bg-slate-200 sm:block" aria-hidden="true" />
      <div className="flex items-center gap-0.5" role="group" aria-label="Zoom">
        <ToolButton label="Zoom out (−)" onClick={() => zoomStep(store, -1)}>
          −
        </ToolButton>
        <span className="w-12 text-center text-xs tabular-nums text-slate-600" aria-live="polite" data-testid="zoom-level">
          {percent} %
        </span>
        <ToolButton label="Zoom in (+)" onClick={() => zoomStep(store, 1)}>
          +
        </ToolButton>
        <ToolButton label="Zoom to fit (Shift+1)" onClick={() => fitToScreen(store)}>
          Fit
        </ToolButton>
        <ToolButton label="Real size, 100 % (Ctrl+0)" onClick={() => zoomTo100(store)}>
          1:1
        </ToolButton>
      </div>
      <div className="ml-auto flex items-center gap-1">
        <ToolButton label={show3d ? 'Hide the 3D preview' : 'Show the 3D preview'} pressed={show3d} onClick={onToggle3d} testId="toggle-3d">
          3D
        </ToolButton>
        <ToolButton label="Versions" onClick={() => onDialog('versions')}>
          Versions
        </ToolButton>
        <ToolButton label="Keyboard shortcuts (?)" onClick={() => onDialog('shortcuts')}>
          ?
        </ToolButton>
        <button type="button" className="btn-primary h-9 px-3 text-sm" onClick={() => onDialog('export')} data-testid="open-export">
          Export
        </button>
      </div>
    </div>
  );
}
