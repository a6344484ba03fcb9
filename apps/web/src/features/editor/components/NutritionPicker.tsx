import { nutritionCalls } from '@packsmith/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiCall } from '../../../api/client';
import { Dialog } from '../../../components/Dialog';
import { useUiStore } from '../../../stores/ui.store';
import { addLayer, targetPanel } from '../editor-actions';
import type { EditorStore } from '../editor.store';
import { newNutritionLayer } from '../layer-factory';

/** One of my saved nutrition labels (the label generator's SVG in mm) as a layer of the active panel. */
export function NutritionPicker({ open, onClose, store }: { open: boolean; onClose(): void; store: EditorStore }) {
  const labels = useQuery({
    queryKey: ['editor', 'nutrition-labels'],
    enabled: open,
    queryFn: ({ signal }) => apiCall(nutritionCalls.list, { page_index: 1, page_size: 50 }, { signal }),
  });
  const [busy, setBusy] = useState<string | null>(null);
  const showMessage = useUiStore((s) => s.showMessage);

  const pick = async (projectId: string) => {
    const panel = targetPanel(store);
    if (!panel) return;
    setBusy(projectId);
    try {
      const record = await apiCall(nutritionCalls.label, { project_id: projectId });
      const { svg, width_mm, height_mm } = record.label;
      if (addLayer(store, newNutritionLayer(panel, projectId, svg, { width: width_mm, height: height_mm }), 'Add nutrition label')) onClose();
      else showMessage('This label could not be placed on the panel.');
    } catch (e) {
      showMessage(e instanceof Error ? e.message : 'The label could not be loaded.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title="Add a nutrition label">
      {labels.isPending && (
        <p role="status" className="text-sm text-slate-500">
          Loading your labels…
        </p>
      )}
      {labels.isError && (
        <p role="alert" className="text-sm text-rose-600">
          Your labels could not be loaded.{' '}
          <button type="button" className="underline" onClick={() => void labels.refetch()}>
            Try again
          </button>
        </p>
      )}
      {labels.data?.list.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-sm text-slate-600">
          No saved labels yet: make one with the{' '}
          <a className="text-violet-700 underline" href="/tools/nutrition-label-generator">
            nutrition label generator
          </a>
          , save it, and it shows here.
        </p>
      )}
      {labels.data && labels.data.list.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {labels.data.list.map((l) => (
            <li key={l.project_id} className="flex items-center justify-between gap-3 py-2">
              <span>
                <span className="block text-sm font-medium text-slate-900">{l.name}</span>
                <span className="text-xs uppercase text-slate-500">
                  {l.region} · {l.format}
                </span>
              </span>
              <button type="button" className="btn-secondary h-9 px-3 text-sm" disabled={busy !== null} onClick={() => void pick(l.project_id)}>
                {busy === l.project_id ? 'Adding…' : 'Add'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
