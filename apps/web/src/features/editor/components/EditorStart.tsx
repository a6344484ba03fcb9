import { projectCalls } from '@packsmith/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { apiCall } from '../../../api/client';
import { PageFrame } from '../../../layout/PageFrame';
import { dimensionLabel, editableBoxes } from '../editable-boxes';
import type { OpenRequest } from '../editor-api';

/** The editor with nothing open: one of my designs, or a blank box of any size. */
export function EditorStart({ onOpen, failure }: { onOpen(request: OpenRequest): void; failure: string | null }) {
  const designs = useQuery({
    queryKey: ['editor', 'designs'],
    queryFn: ({ signal }) => apiCall(projectCalls.list, { type: 'design', page_index: 1, page_size: 24 }, { signal }),
  });
  const boxes = useMemo(() => editableBoxes(), []);
  const [boxId, setBoxId] = useState<number>(boxes[0]?.box.id ?? 101);
  const chosen = boxes.find((b) => b.box.id === boxId) ?? boxes[0];
  const [dims, setDims] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const dimValue = (name: string) => dims[`${boxId}:${name}`] ?? String(chosen?.dimensions[name] ?? '');
  const invalid = chosen ? Object.keys(chosen.dimensions).filter((n) => !(Number(dimValue(n)) > 0 && Number(dimValue(n)) <= 4000)) : [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen || invalid.length) return;
    setBusy(true);
    onOpen({ box_id: chosen.box.id, dimensions: Object.fromEntries(Object.keys(chosen.dimensions).map((n) => [n, Number(dimValue(n))])) });
  };

  return (
    <PageFrame
      route="editor"
      description="Edit a design on its real dieline: every word and picture is a layer, with AI tools, a live 3D fold and a print-ready PDF."
    >
      {failure && (
        <p role="alert" className="mb-6 rounded-lg border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-700">
          {failure}
        </p>
      )}
      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="editor-designs">
          <h2 id="editor-designs" className="text-lg font-semibold text-slate-900">
            Open one of your designs
          </h2>
          {designs.isPending && (
            <p className="mt-4 text-sm text-slate-500" role="status">
              Loading your designs…
            </p>
          )}
          {designs.isError && (
            <p className="mt-4 text-sm text-rose-600" role="alert">
              Your designs could not be loaded.{' '}
              <button type="button" className="underline" onClick={() => void designs.refetch()}>
                Try again
              </button>
            </p>
          )}
          {designs.data && designs.data.list.length === 0 && (
            <p className="mt-4 rounded-xl border border-dashed border-slate-300 p-6 text-sm text-slate-600">
              No designs yet. Describe a product in the{' '}
              <a className="text-violet-700 underline" href="/">
                design chat
              </a>
              , or start from a blank box.
            </p>
          )}
          {designs.data && designs.data.list.length > 0 && (
            <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3">
              {designs.data.list.map((p) => (
                <li key={p.project_id}>
                  <button
                    type="button"
                    className="card block w-full overflow-hidden text-left transition hover:border-violet-400 focus:outline-none focus:ring-4 focus:ring-violet-100"
                    onClick={() => onOpen({ project_id: p.project_id })}
                    data-testid="editor-open-design"
                  >
                    <div className="aspect-square bg-slate-100">
                      {p.cover && <img src={p.cover} alt="" className="h-full w-full object-contain" loading="lazy" />}
                    </div>
                    <div className="p-3">
                      <p className="truncate text-sm font-medium text-slate-900">{p.name || p.product || 'Untitled design'}</p>
                      <p className="truncate text-xs text-slate-500">{p.brand}</p>
                    </div>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="editor-blank" className="card h-fit p-5">
          <h2 id="editor-blank" className="text-lg font-semibold text-slate-900">
            Start from a blank box
          </h2>
          <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
            <label className="field-label">
              Box type
              <select className="field-input" value={boxId} onChange={(e) => setBoxId(Number(e.target.value))}>
                {boxes.map((b) => (
                  <option key={b.box.id} value={b.box.id}>
                    {b.box.name}
                  </option>
                ))}
              </select>
            </label>
            {chosen && (
              <fieldset className="grid grid-cols-3 gap-3">
                <legend className="field-label mb-1">Inside size (mm)</legend>
                {Object.keys(chosen.dimensions).map((name) => (
                  <label key={name} className="text-xs text-slate-600">
                    {dimensionLabel(name)}
                    <input
                      className="field-input h-10"
                      inputMode="decimal"
                      value={dimValue(name)}
                      aria-invalid={invalid.includes(name)}
                      onChange={(e) => setDims((d) => ({ ...d, [`${boxId}:${name}`]: e.target.value }))}
                    />
                  </label>
                ))}
              </fieldset>
            )}
            {invalid.length > 0 && <p className="field-error">Each size is a number of millimetres, above 0 and at most 4000.</p>}
            <button type="submit" className="btn-primary h-11 w-full" disabled={(busy && !failure) || invalid.length > 0}>
              {busy && !failure ? 'Opening…' : 'Open a blank box'}
            </button>
          </form>
        </section>
      </div>
    </PageFrame>
  );
}
