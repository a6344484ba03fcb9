import { useState } from 'react';
import { useProjectStore } from '../../../stores/project.store';
import { useChatController } from '../../chat/chat-context';
import { ActionMenu } from '../../chat/components/ActionMenu';
import { CompareIcon, DownloadIcon, EditIcon, ExpandIcon, MoreIcon, SaveIcon } from '../../chat/components/icons';
import { LazyImage } from '../../chat/components/LazyImage';
import { downloadImage } from '../../chat/download';
import { useQueryClient } from '@tanstack/react-query';
import { useUiStore } from '../../../stores/ui.store';
import { useMockupController, useStudioState } from '../mockup-context';

interface MockupResultsProps {
  /** The result on the stage. */
  shown: string | null;
  onShow(url: string): void;
  /** Opens the image editor (erase, fill, cut out, upscale, text) on a result. */
  onEdit?(url: string): void;
}

/**
 * The project's mockups, newest first: each one on the stage beside its empty scene (compare), full
 * screen (← → Esc), downloaded (SPEC §6: guests sign in, unpaid members get "Please activate your
 * membership." and the pay modal, paid members the file), or kept as a setup to reopen later.
 */
export function MockupResults({ shown, onShow, onEdit }: MockupResultsProps) {
  const ctl = useMockupController();
  const chat = useChatController();
  const client = useQueryClient();
  const results = useStudioState((s) => s.results);
  const latest = useStudioState((s) => s.latestRun);
  const canSave = useStudioState((s) => s.template !== null && s.design !== null);
  const [busy, setBusy] = useState<string | null>(null);
  if (results.length === 0) return null;
  const list = [...results].reverse();

  const download = async (url: string, n: number) => {
    setBusy(url);
    try {
      const { brand, product } = useProjectStore.getState();
      await downloadImage(url, [brand || 'mockup', product], n);
    } finally {
      setBusy(null);
    }
  };
  const save = async (url: string) => {
    setBusy(url);
    try {
      const saved = await ctl.saveSetup(url);
      if (saved) {
        useUiStore.getState().showMessage('Setup saved. Reopen it any time from “Saved setups”.', 'success');
        await client.invalidateQueries({ queryKey: ['mockup', 'composites'] });
      }
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="results-heading" data-testid="results">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="results-heading" className="text-lg font-semibold tracking-tight text-slate-900">
          Your mockups <span className="text-sm font-normal text-slate-500">({results.length})</span>
        </h2>
        <p className="hidden text-sm text-slate-500 sm:block">Click one to compare it with the empty scene.</p>
      </div>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Mockup results">
        {list.map((url, i) => {
          const label = `mockup ${i + 1}`;
          const isNew = latest.includes(url);
          const onStage = shown === url;
          return (
            <li
              key={url}
              data-testid="result-card"
              className={`relative rounded-2xl border bg-white shadow-sm ${onStage ? 'border-violet-500 ring-2 ring-violet-200' : 'border-slate-200'}`}
            >
              <button
                type="button"
                className="block w-full overflow-hidden rounded-t-2xl"
                onClick={() => onShow(url)}
                aria-label={`Show ${label} on the stage`}
                aria-pressed={onStage}
              >
                <LazyImage src={url} alt={`Mockup ${i + 1}`} className="aspect-square" fit="cover" />
              </button>
              {isNew && (
                <span className="pointer-events-none absolute left-2 top-2 rounded-full bg-violet-600 px-2 py-0.5 text-[0.7rem] font-semibold text-white shadow-sm">
                  New
                </span>
              )}
              <div className="flex items-center justify-between gap-1 border-t border-slate-100 px-1.5 py-1">
                <button
                  type="button"
                  className="inline-flex h-8 items-center gap-1.5 rounded-lg px-2 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50"
                  disabled={busy === url}
                  onClick={() => void download(url, i + 1)}
                  aria-label={`Download ${label}`}
                  data-testid="download-result"
                >
                  <DownloadIcon className="h-4 w-4" />
                  <span className="hidden sm:inline">Download</span>
                </button>
                {onEdit && (
                  <button
                    type="button"
                    className="inline-flex h-8 items-center gap-1.5 rounded-lg px-2 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                    onClick={() => onEdit(url)}
                    aria-label={`Edit ${label}`}
                    data-testid="edit-result"
                  >
                    <EditIcon className="h-4 w-4" />
                    Edit
                  </button>
                )}
                <ActionMenu
                  label={`More actions for ${label}`}
                  icon={<MoreIcon className="h-5 w-5" />}
                  actions={[
                    { label: 'Compare with the empty scene', icon: <CompareIcon className="h-4 w-4" />, onSelect: () => onShow(url) },
                    { label: 'View full screen', icon: <ExpandIcon className="h-4 w-4" />, onSelect: () => chat.openPreview(list, i) },
                    { label: 'Save this setup', icon: <SaveIcon className="h-4 w-4" />, onSelect: () => void save(url), disabled: !canSave || busy === url },
                  ]}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
