import { useEffect, useId, useRef, useState } from 'react';
import { useAppNavigate } from '../../../components/AppLink';
import { useChatController, useChatState } from '../chat-context';
import { marksOf } from '../image-likes';
import { ActionMenu } from './ActionMenu';
import { BranchIcon, DownloadIcon, EditIcon, ExpandIcon, MoreIcon, CubeIcon, StarIcon } from './icons';
import { LazyImage } from './LazyImage';
import { LikeButtons } from './LikeButtons';
import { useDesignActions } from './useDesignActions';

/**
 * The designs of an `answer` message: a grid with like/dislike/best, preview, edit, child design,
 * download, and the print file (dieline sheet, Business) when the design has one.
 */
export function DesignGrid({ images, msgId, printFiles = [] }: { images: string[]; msgId: string | null; printFiles?: readonly string[] }) {
  const chat = useChatController();
  const likes = useChatState((s) => s.likes);
  const generating = useChatState((s) => s.sending || Object.keys(s.generations).length > 0);
  const { busy, download, child, mockup } = useDesignActions();
  const navigate = useAppNavigate();
  const projectId = useChatState((s) => s.projectId);
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <div>
      <ul className={`grid gap-3 ${images.length === 1 ? 'max-w-sm grid-cols-1' : 'grid-cols-2'}`} aria-label="Designs">
        {images.map((url, i) => {
          const label = `design ${i + 1}`;
          const marks = marksOf(likes, url);
          return (
            <li
              key={url}
              data-testid="design-card"
              className={`group relative rounded-2xl border bg-white shadow-sm transition hover:shadow-md ${marks.best ? 'border-amber-300 ring-2 ring-amber-100' : 'border-slate-200'} ${marks.disliked ? 'opacity-70' : ''}`}
            >
              <button
                type="button"
                className="block w-full overflow-hidden rounded-t-2xl"
                onClick={() => chat.openPreview(images, i)}
                aria-label={`Open ${label} full screen`}
              >
                <LazyImage src={url} alt={`Packaging ${label}`} className="aspect-square" fit="contain" />
              </button>
              {marks.best && (
                <span className="pointer-events-none absolute left-2 top-2 inline-flex items-center gap-1 rounded-full bg-amber-400 px-2 py-0.5 text-[0.7rem] font-semibold text-amber-950 shadow-sm">
                  <StarIcon className="h-3 w-3" filled />
                  Best
                </span>
              )}
              <div className="flex items-center justify-between gap-1 border-t border-slate-100 px-1.5 py-1">
                <LikeButtons url={url} label={label} />
                <ActionMenu
                  label={`More actions for ${label}`}
                  icon={<MoreIcon className="h-5 w-5" />}
                  actions={[
                    { label: 'View full screen', icon: <ExpandIcon className="h-4 w-4" />, onSelect: () => chat.openPreview(images, i) },
                    { label: 'Edit this design', icon: <EditIcon className="h-4 w-4" />, onSelect: () => setEditing(i), disabled: generating },
                    { label: 'Make a child design', icon: <BranchIcon className="h-4 w-4" />, onSelect: () => void child(url), disabled: busy === 'child' },
                    { label: 'Mockup this design', icon: <CubeIcon className="h-4 w-4" />, onSelect: () => void mockup(url), disabled: busy === 'mockup' },
                    { label: 'Download', icon: <DownloadIcon className="h-4 w-4" />, onSelect: () => void download(url, i + 1), disabled: busy === 'download' },
                    // "Quote this design": /aiquotation starts from this project's product, box type and size.
                    // The packaging editor opens this design on its dieline, every word a layer (issue 17).
                    ...(projectId
                      ? [
                          {
                            label: 'Open in the packaging editor',
                            onSelect: () => navigate(`/editor?design=${encodeURIComponent(projectId)}&image=${encodeURIComponent(url)}`),
                          },
                        ]
                      : []),
                    ...(projectId ? [{ label: 'Quote this design', onSelect: () => navigate(`/aiquotation?from=${encodeURIComponent(projectId)}`) }] : []),
                    ...(printFiles[i]
                      ? [
                          {
                            label: 'Download print file (dieline, Business)',
                            icon: <DownloadIcon className="h-4 w-4" />,
                            onSelect: () => void download(printFiles[i] ?? '', i + 1, 'print'),
                            disabled: busy === 'download',
                          },
                        ]
                      : []),
                  ]}
                />
              </div>
            </li>
          );
        })}
      </ul>
      {(busy === 'child' || busy === 'mockup') && (
        <p className="mt-2 text-sm text-slate-500" role="status">
          {busy === 'child' ? 'Starting a child design…' : 'Opening the mockup studio…'}
        </p>
      )}
      {editing !== null && images[editing] && (
        <EditForm
          label={`design ${editing + 1}`}
          onCancel={() => setEditing(null)}
          onSubmit={async (text) => {
            const url = images[editing];
            if (!url) return;
            const ok = await chat.editDesign(url, msgId, text);
            if (ok) setEditing(null);
          }}
        />
      )}
    </div>
  );
}

function EditForm({ label, onCancel, onSubmit }: { label: string; onCancel(): void; onSubmit(text: string): Promise<void> }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  useEffect(() => field.current?.focus(), []);
  const ready = text.trim().length > 0 && !busy;
  return (
    <form
      className="mt-3 rounded-2xl border border-violet-200 bg-violet-50/60 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ready) return;
        setBusy(true);
        void onSubmit(text).finally(() => setBusy(false));
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onCancel();
        }
      }}
    >
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        What should change in {label}?
      </label>
      <textarea
        ref={field}
        id={id}
        rows={2}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="e.g. make the background deep green and the logo larger"
        className="mt-1.5 block w-full resize-none rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm focus:border-violet-500 focus:outline-none focus:ring-4 focus:ring-violet-100"
      />
      <div className="mt-2 flex justify-end gap-2">
        <button type="button" className="btn-secondary h-9 px-3 text-sm" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn-primary h-9 px-4 text-sm" disabled={!ready}>
          {busy ? 'Sending…' : 'Apply edit'}
        </button>
      </div>
    </form>
  );
}
