import type { EditorDocumentRecord } from '@packsmith/contracts';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { createAutosave, type Autosave } from '../autosave';
import { EditorCanvas } from '../canvas/EditorCanvas';
import { useEditorShortcuts } from '../canvas/shortcuts';
import { loadDocument, saveDocument } from '../editor-api';
import { createEditorStore, type EditorStore } from '../editor.store';
import { useEditorFonts } from '../use-editor-fonts';
import { useImageAdder } from '../use-image-adder';
import { AiImageTools, type AiRequest } from './AiImageTools';
import { EditorToolbar, type EditorDialog } from './EditorToolbar';
import { ExportDialog } from './ExportDialog';
import { LayersPanel } from './LayersPanel';
import { PropertiesPanel } from './PropertiesPanel';
import { ShortcutsDialog } from './ShortcutsDialog';
import { StaleDialog } from './StaleDialog';
import { VersionsDialog } from './VersionsDialog';

const Editor3DPanel = lazy(() => import('../../mockup/preview3d/DocumentPreview3D'));

type Load = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready' };

/** One open editor document: canvas, layers, properties, autosave, dialogs. */
export function EditorWorkspace({ projectId }: { projectId: string }) {
  const [store] = useState<EditorStore>(() => createEditorStore());
  const [autosave, setAutosave] = useState<Autosave | null>(null);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [dialog, setDialog] = useState<EditorDialog | null>(null);
  const [show3d, setShow3d] = useState(() => typeof window !== 'undefined' && window.matchMedia?.('(min-width: 1280px)').matches === true);
  const [ai, setAi] = useState<AiRequest | null>(null);
  const [mobileTab, setMobileTab] = useState<'layers' | 'properties'>('properties');
  const [dropping, setDropping] = useState(false);
  const images = useImageAdder(store);
  // The shipped families into the page: the canvas redraws its text as each one arrives.
  useEditorFonts();
  const name = useStore(store, (s) => s.name);
  const notes = useStore(store, (s) => s.notes);
  const stale = useStore(store, (s) => s.saveStatus === 'stale');

  const reload = (signal?: AbortSignal) => {
    setLoad({ kind: 'loading' });
    return loadDocument(projectId, signal).then(
      (record: EditorDocumentRecord) => {
        store.getState().load(record);
        setLoad({ kind: 'ready' });
      },
      (e: unknown) => {
        if (!signal?.aborted) setLoad({ kind: 'failed', message: e instanceof Error ? e.message : 'The design could not be loaded.' });
      },
    );
  };

  useEffect(() => {
    const ctl = new AbortController();
    void reload(ctl.signal);
    const saver = createAutosave(store, saveDocument);
    setAutosave(saver);
    // Leaving the page (or hiding the tab) saves what is not saved yet.
    const onHide = () => {
      if (document.visibilityState === 'hidden') void saver.flush();
    };
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      const status = store.getState().saveStatus;
      if (status === 'dirty' || status === 'saving' || status === 'error') {
        void saver.flush();
        e.preventDefault();
      }
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      ctl.abort();
      void saver.flush().finally(() => saver.dispose());
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one document per mount (keyed by project)
  }, [projectId]);

  const openHelp = useCallback(() => setDialog('shortcuts'), []);
  useEditorShortcuts(store, { enabled: load.kind === 'ready' && dialog === null && ai === null, onHelp: openHelp });

  if (load.kind === 'loading')
    return (
      <div className="page-container py-16" aria-busy="true">
        <p role="status" className="text-slate-600">
          Loading the design…
        </p>
        <div className="mt-6 h-[60vh] animate-pulse rounded-2xl bg-slate-100" />
      </div>
    );
  if (load.kind === 'failed')
    return (
      <div className="page-container py-16" role="alert">
        <h1 className="text-2xl font-semibold text-slate-900">This design could not be loaded</h1>
        <p className="mt-3 text-slate-600">{load.message}</p>
        <button type="button" className="btn-primary mt-6 h-10 px-4" onClick={() => void reload()}>
          Try again
        </button>
      </div>
    );

  return (
    <div className="flex h-[calc(100dvh-4rem)] min-h-[520px] flex-col bg-slate-50" data-testid="editor-workspace">
      <h1 className="sr-only">Packaging editor: {name}</h1>
      <EditorToolbar
        store={store}
        projectId={projectId}
        onDialog={setDialog}
        show3d={show3d}
        onToggle3d={() => setShow3d((v) => !v)}
        flush={() => autosave?.flush() ?? Promise.resolve(true)}
      />
      {notes.length > 0 && (
        <p className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-xs text-amber-800" role="note">
          {notes.join(' ')}
        </p>
      )}
      <div className="flex min-h-0 flex-1 flex-col lg:flex-row">
        <aside className="hidden w-64 shrink-0 overflow-y-auto border-r border-slate-200 bg-white lg:block" aria-label="Layers">
          <LayersPanel store={store} />
        </aside>
        <section
          aria-label="Sheet"
          className={`relative min-h-[45vh] min-w-0 flex-1 ${dropping ? 'ring-4 ring-inset ring-violet-400' : ''}`}
          onDragOver={(e) => {
            if (!e.dataTransfer.types.includes('Files')) return;
            e.preventDefault();
            setDropping(true);
          }}
          onDragLeave={() => setDropping(false)}
          onDrop={(e) => {
            const f = e.dataTransfer.files[0];
            setDropping(false);
            if (!f) return;
            e.preventDefault();
            void images.addFile(f);
          }}
        >
          <EditorCanvas store={store} className="absolute inset-0" />
          {dropping && (
            <p
              className="pointer-events-none absolute inset-x-0 top-4 mx-auto w-fit rounded-full bg-violet-700 px-4 py-1.5 text-sm text-white shadow"
              aria-hidden="true"
            >
              Drop the image to add it to this panel
            </p>
          )}
          {images.busy && (
            <p className="absolute inset-x-0 bottom-4 mx-auto w-fit rounded-full bg-slate-900/80 px-4 py-1.5 text-sm text-white" role="status">
              Adding the image…
            </p>
          )}
        </section>
        <aside
          className="flex max-h-[45vh] w-full shrink-0 flex-col overflow-y-auto border-t border-slate-200 bg-white lg:max-h-none lg:w-80 lg:border-l lg:border-t-0"
          aria-label="Properties"
        >
          {show3d && (
            <section className="border-b border-slate-200 p-3" aria-label="3D preview">
              <Suspense fallback={<div className="aspect-square animate-pulse rounded-xl bg-slate-100" role="status" aria-label="Loading the 3D preview" />}>
                <Editor3DPanel store={store} projectId={projectId} onClose={() => setShow3d(false)} />
              </Suspense>
            </section>
          )}
          <div className="flex border-b border-slate-200 lg:hidden" role="tablist" aria-label="Panels">
            {(['properties', 'layers'] as const).map((t) => (
              <button
                key={t}
                type="button"
                role="tab"
                aria-selected={mobileTab === t}
                className={`flex-1 py-2 text-sm font-medium ${mobileTab === t ? 'border-b-2 border-violet-600 text-violet-700' : 'text-slate-600'}`}
                onClick={() => setMobileTab(t)}
              >
                {t === 'layers' ? 'Layers' : 'Properties'}
              </button>
            ))}
          </div>
          <div className={mobileTab === 'layers' ? 'lg:hidden' : 'hidden'}>
            <LayersPanel store={store} />
          </div>
          <div className={mobileTab === 'properties' ? '' : 'hidden lg:block'}>
            <PropertiesPanel store={store} onAi={setAi} />
          </div>
        </aside>
      </div>
      <ExportDialog
        open={dialog === 'export'}
        onClose={() => setDialog(null)}
        store={store}
        projectId={projectId}
        flush={() => autosave?.flush() ?? Promise.resolve(true)}
      />
      <VersionsDialog
        open={dialog === 'versions'}
        onClose={() => setDialog(null)}
        store={store}
        projectId={projectId}
        flush={() => autosave?.flush() ?? Promise.resolve(true)}
      />
      <ShortcutsDialog open={dialog === 'shortcuts'} onClose={() => setDialog(null)} />
      <StaleDialog open={stale} onReload={() => void reload()} />
      <AiImageTools request={ai} onClose={() => setAi(null)} store={store} projectId={projectId} />
    </div>
  );
}
