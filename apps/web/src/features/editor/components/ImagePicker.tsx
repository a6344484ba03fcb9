import { mockupCalls, projectCalls } from '@packsmith/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiCall } from '../../../api/client';
import { Dialog } from '../../../components/Dialog';

type Source = 'materials' | 'designs';

interface Pickable {
  url: string;
  name: string;
}

/** An image already stored, as a new layer: one of my materials (logos, designs I kept) or a design's picture. */
export function ImagePicker({ open, onClose, onPick }: { open: boolean; onClose(): void; onPick(url: string, name: string): void }) {
  const [source, setSource] = useState<Source>('materials');
  const materials = useQuery({
    queryKey: ['editor', 'materials'],
    enabled: open && source === 'materials',
    queryFn: async ({ signal }): Promise<Pickable[]> =>
      (await apiCall(mockupCalls.materials, {}, { signal })).map((m) => ({ url: m.material_url, name: 'Material' })),
  });
  const designs = useQuery({
    queryKey: ['editor', 'design-covers'],
    enabled: open && source === 'designs',
    queryFn: async ({ signal }): Promise<Pickable[]> =>
      (await apiCall(projectCalls.list, { type: 'design', page_index: 1, page_size: 48 }, { signal })).list.flatMap((p) =>
        p.cover ? [{ url: p.cover, name: p.name || p.product || 'Design' }] : [],
      ),
  });
  const query = source === 'materials' ? materials : designs;

  return (
    <Dialog open={open} onClose={onClose} title="Add an image you have" size="lg">
      <div className="mb-4 flex gap-1" role="tablist" aria-label="Where from">
        {(
          [
            ['materials', 'My materials'],
            ['designs', 'My designs'],
          ] as const
        ).map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={source === id}
            className={`h-9 rounded-lg px-3 text-sm font-medium ${source === id ? 'bg-violet-100 text-violet-800' : 'text-slate-600 hover:bg-slate-100'}`}
            onClick={() => setSource(id)}
          >
            {label}
          </button>
        ))}
      </div>
      {query.isPending && (
        <p role="status" className="text-sm text-slate-500">
          Loading…
        </p>
      )}
      {query.isError && (
        <p role="alert" className="text-sm text-rose-600">
          These images could not be loaded.{' '}
          <button type="button" className="underline" onClick={() => void query.refetch()}>
            Try again
          </button>
        </p>
      )}
      {query.data?.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-sm text-slate-600">
          {source === 'materials' ? 'No materials yet: images you keep in the mockup studio show here.' : 'No designs yet: make one in the design chat.'}
        </p>
      )}
      {query.data && query.data.length > 0 && (
        <ul className="grid max-h-[60vh] grid-cols-3 gap-3 overflow-y-auto sm:grid-cols-4">
          {query.data.map((item) => (
            <li key={item.url}>
              <button
                type="button"
                className="block aspect-square w-full overflow-hidden rounded-xl border border-slate-200 bg-slate-50 hover:border-violet-400 focus:outline-none focus:ring-4 focus:ring-violet-100"
                aria-label={`Add ${item.name}`}
                onClick={() => {
                  onPick(item.url, item.name);
                  onClose();
                }}
              >
                <img src={item.url} alt="" className="h-full w-full object-contain" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
