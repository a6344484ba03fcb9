import { useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../components/Dialog';
import { useMenuButton } from '../../../components/useMenuButton';
import { uploadPrepared } from '../../../api/upload';
import { useUiStore } from '../../../stores/ui.store';
import { replacePanelLayers, targetPanel } from '../editor-actions';
import { redesignPanel } from '../editor-api';
import type { EditorStore } from '../editor.store';
import { panelPng } from '../rasterize';

/** Words for a panel of the dieline ("Front", "Left top dust flap"). */
export function panelLabel(id: string): string {
  const words = id.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The panel new layers go to, and what can be done to a whole panel (redesign, send to the chat). */
export function PanelMenu({ store, projectId, flush }: { store: EditorStore; projectId: string; flush(): Promise<boolean> }) {
  const panels = useStore(store, (s) => s.editor?.doc.dieline.panels ?? []);
  const active = useStore(store, (s) => s.activePanelId);
  const parent = useStore(store, (s) => s.parentProjectId);
  const menu = useMenuButton();
  const navigate = useNavigate();
  const showMessage = useUiStore((s) => s.showMessage);
  const [asking, setAsking] = useState(false);
  const [prompt, setPrompt] = useState('');
  const [busy, setBusy] = useState<'redesign' | 'send' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const redesign = async (e: FormEvent) => {
    e.preventDefault();
    const panel = targetPanel(store);
    if (!panel) return;
    setBusy('redesign');
    setError(null);
    try {
      await flush();
      const answer = await redesignPanel(projectId, panel.id, prompt.trim() || undefined);
      replacePanelLayers(store, answer.panel_id, answer.layers);
      setAsking(false);
      setPrompt('');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The panel could not be redesigned.');
    } finally {
      setBusy(null);
    }
  };

  const sendToChat = async () => {
    const doc = store.getState().editor?.doc;
    const panel = targetPanel(store);
    if (!doc || !panel || !parent) return;
    setBusy('send');
    try {
      const png = await panelPng(doc, panel.id);
      const uploaded = await uploadPrepared({
        blob: png,
        name: `${panel.id}.png`,
        width: Math.round(panel.width * 6),
        height: Math.round(panel.height * 6),
        resized: false,
      });
      // A child design of the design this document came from, this panel its starting image.
      void navigate('/design-chat', { state: { childOf: { parentProjectId: parent, imageUrl: uploaded.url } } });
    } catch (err) {
      showMessage(err instanceof Error ? err.message : 'The panel could not be sent to the chat.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <label className="ml-1 flex items-center gap-1 text-xs text-slate-600">
        <span className="hidden sm:inline">Panel</span>
        <select
          className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-800"
          value={active ?? ''}
          onChange={(e) => store.getState().setActivePanel(e.target.value)}
          aria-label="Active panel"
          data-testid="panel-select"
        >
          {panels.map((p) => (
            <option key={p.id} value={p.id}>
              {panelLabel(p.id)}
            </option>
          ))}
        </select>
      </label>
      <div className="relative">
        <button className="btn-secondary h-9 px-3 text-sm" {...menu.buttonProps} disabled={busy !== null}>
          {busy === 'send' ? 'Sending…' : busy === 'redesign' ? 'Redesigning…' : 'Panel ▾'}
        </button>
        {menu.open && (
          <div className="absolute left-0 top-10 z-30 w-64 rounded-xl border border-slate-200 bg-white p-1 shadow-lg" {...menu.menuProps}>
            <button
              type="button"
              role="menuitem"
              className="menu-item w-full text-left"
              onClick={() => {
                menu.close(false);
                setAsking(true);
              }}
            >
              Redesign this panel…
            </button>
            <button
              type="button"
              role="menuitem"
              className="menu-item w-full text-left disabled:opacity-50"
              disabled={!parent}
              title={parent ? undefined : 'Open a design of the design chat to send its panels back to it.'}
              onClick={() => {
                menu.close(false);
                void sendToChat();
              }}
            >
              Send this panel to the design chat
            </button>
          </div>
        )}
      </div>
      <Dialog open={asking} onClose={() => setAsking(false)} title="Redesign this panel">
        <form onSubmit={(e) => void redesign(e)} className="space-y-4">
          <p className="text-sm text-slate-600">
            The design engine lays out {panelLabel(targetPanel(store)?.id ?? '')} again; every other panel stays as it is. You can undo it.
          </p>
          <label className="field-label">
            What to change (optional)
            <input
              className="field-input"
              value={prompt}
              maxLength={500}
              onChange={(e) => setPrompt(e.target.value)}
              placeholder="e.g. more playful, bigger brand name"
            />
          </label>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-secondary h-10 px-4" onClick={() => setAsking(false)}>
              Cancel
            </button>
            <button type="submit" className="btn-primary h-10 px-4" disabled={busy === 'redesign'}>
              {busy === 'redesign' ? 'Redesigning…' : 'Redesign'}
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
