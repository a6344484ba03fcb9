import { useEffect, useState, type ReactNode } from 'react';
import type { ProjectSummary } from '@packsmith/contracts';
import { AppLink } from '../../../components/AppLink';
import { CloseIcon, CheckIcon } from '../../chat/components/icons';
import { LazyImage } from '../../chat/components/LazyImage';
import { PhotoPicker } from '../../photoshoot/components/PhotoPicker';
import { TaskProgress } from '../../photoshoot/components/TaskProgress';
import { useMockupController, useStudioState } from '../mockup-context';
import type { DesignChoice } from '../mockup-studio.store';
import { useDesignProjects, useProjectDesigns } from '../queries';
import { Tabs } from './Tabs';

type Source = 'designs' | 'materials' | 'upload';

/** A design project by what it packs ("Leaf & Co · green tea"), else its name. */
function projectTitle(p: ProjectSummary): string {
  return [p.brand, p.product].filter(Boolean).join(' · ') || p.name || 'Untitled design';
}

function ChoiceGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-3" aria-label={label}>
      {children}
    </ul>
  );
}

function ChoiceButton({ url, label, choice }: { url: string; label: string; choice: DesignChoice }) {
  const ctl = useMockupController();
  const chosen = useStudioState((s) => s.design?.url === url);
  return (
    <button
      type="button"
      aria-pressed={chosen}
      aria-label={`Use ${label}`}
      onClick={() => ctl.chooseDesign(choice)}
      className={`relative block w-full overflow-hidden rounded-lg border bg-white ${chosen ? 'border-violet-600 ring-2 ring-violet-600' : 'border-slate-200 hover:border-violet-300'}`}
      data-testid="design-option"
    >
      <LazyImage src={url} alt="" className="aspect-square" fit="contain" retryable={false} />
      {chosen && (
        <span className="absolute right-1 top-1 flex h-5 w-5 items-center justify-center rounded-full bg-violet-600 text-white" aria-hidden="true">
          <CheckIcon className="h-3.5 w-3.5" />
        </span>
      )}
    </button>
  );
}

function ProjectDesigns({ project }: { project: ProjectSummary }) {
  const designs = useProjectDesigns(project.project_id);
  const name = projectTitle(project);
  if (designs.isPending) return <div className="h-20 animate-pulse rounded-lg bg-slate-100" aria-label="Loading designs" role="status" />;
  if (designs.isError) return <p className="text-sm text-rose-700">These designs could not be loaded.</p>;
  if (designs.data.length === 0) return <p className="text-sm text-slate-500">This project has no designs yet.</p>;
  return (
    <ChoiceGrid label={`Designs of ${name}`}>
      {designs.data.map((url, i) => (
        <li key={url}>
          <ChoiceButton url={url} label={`design ${i + 1} of ${name}`} choice={{ url, source: 'design', label: `${name}, design ${i + 1}` }} />
        </li>
      ))}
    </ChoiceGrid>
  );
}

function MyDesigns() {
  const projects = useDesignProjects(true);
  const [open, setOpen] = useState<string | null>(null);
  if (projects.isPending) return <div className="h-24 animate-pulse rounded-lg bg-slate-100" role="status" aria-label="Loading your designs" />;
  if (projects.isError)
    return (
      <p className="text-sm text-rose-700">
        Your designs could not be loaded.{' '}
        <button type="button" className="font-medium underline" onClick={() => void projects.refetch()}>
          Try again
        </button>
      </p>
    );
  const list = projects.data.list;
  if (list.length === 0)
    return (
      <div className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
        <p>You have no designs yet.</p>
        <AppLink to="/design-chat" className="mt-2 inline-block font-medium text-violet-700 underline underline-offset-2">
          Make one in the design chat
        </AppLink>
      </div>
    );
  const current = open ?? list[0]?.project_id ?? null;
  const project = list.find((p) => p.project_id === current);
  return (
    <div className="space-y-3">
      <label className="field-label" htmlFor="design-project">
        Project
      </label>
      <select id="design-project" className="field-input mt-0 h-10 text-sm" value={current ?? ''} onChange={(e) => setOpen(e.target.value)}>
        {list.map((p) => (
          <option key={p.project_id} value={p.project_id}>
            {projectTitle(p)}
          </option>
        ))}
      </select>
      {project && <ProjectDesigns project={project} />}
    </div>
  );
}

function MyMaterials() {
  const ctl = useMockupController();
  const materials = useStudioState((s) => s.mockupUserMaterial);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  useEffect(() => {
    let live = true;
    void ctl.loadMaterials().then((ok) => live && setState(ok ? 'ready' : 'error'));
    return () => {
      live = false;
    };
  }, [ctl]);
  if (state === 'loading' && materials.length === 0)
    return <div className="h-24 animate-pulse rounded-lg bg-slate-100" role="status" aria-label="Loading your materials" />;
  if (state === 'error' && materials.length === 0) return <p className="text-sm text-rose-700">Your materials could not be loaded.</p>;
  if (materials.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">Designs and logos you upload are kept here.</p>
    );
  return (
    <ChoiceGrid label="Your materials">
      {materials.map((m, i) => (
        <li key={m.id} className="relative">
          <ChoiceButton url={m.material_url} label={`material ${i + 1}`} choice={{ url: m.material_url, source: 'material', label: `Material ${i + 1}` }} />
          <button
            type="button"
            aria-label={`Delete material ${i + 1}`}
            onClick={() => void ctl.deleteMaterial(m.id)}
            className="absolute -left-1.5 -top-1.5 flex h-6 w-6 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-500 shadow-sm hover:text-rose-600"
            data-testid="delete-material"
          >
            <CloseIcon className="h-3.5 w-3.5" />
          </button>
        </li>
      ))}
    </ChoiceGrid>
  );
}

function UploadDesign() {
  const ctl = useMockupController();
  const upload = useStudioState((s) => s.designUpload);
  const chosen = useStudioState((s) => s.design !== null);
  return (
    <div className="space-y-3">
      <PhotoPicker
        label="Upload your design"
        variant={chosen ? 'button' : 'hero'}
        buttonText={chosen ? 'Upload another file' : 'Choose a file'}
        busy={upload.kind === 'uploading'}
        onFile={(file) => void ctl.uploadDesign(file)}
        testId="design-upload-input"
      />
      <div aria-live="polite" className="empty:hidden">
        {upload.kind === 'uploading' && <TaskProgress label={`Uploading ${upload.name}…`} progress={upload.progress * 100} />}
        {upload.kind === 'rejected' && (
          <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700" data-testid="design-upload-error">
            {upload.message}
          </p>
        )}
        {upload.kind === 'done' && (
          <p className="text-sm text-slate-600" data-testid="design-upload-done">
            Uploaded, {upload.width} × {upload.height} pixels{upload.resized ? ' (scaled down)' : ''}. It is kept in your materials.
          </p>
        )}
      </div>
    </div>
  );
}

/** Step 1: the design that goes on the template: one of my designs, one of my materials, or a new file. */
export function DesignPicker() {
  const design = useStudioState((s) => s.design);
  const [source, setSource] = useState<Source>(design?.source === 'design' || design?.source === 'link' ? 'designs' : design ? 'materials' : 'upload');
  return (
    <div className="space-y-3" data-testid="design-picker">
      {design && (
        <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 p-2" data-testid="chosen-design">
          <LazyImage src={design.url} alt="Your chosen design" className="h-14 w-14 shrink-0 rounded-lg bg-white" fit="contain" retryable={false} />
          <div className="min-w-0">
            <p className="text-xs text-slate-500">On the template</p>
            <p className="truncate text-sm font-medium text-slate-900">{design.label}</p>
          </div>
        </div>
      )}
      <Tabs<Source>
        label="Where the design comes from"
        active={source}
        onChange={setSource}
        tabs={[
          { key: 'upload', label: 'Upload', testId: 'design-tab-upload' },
          { key: 'designs', label: 'My designs', testId: 'design-tab-designs' },
          { key: 'materials', label: 'My materials', testId: 'design-tab-materials' },
        ]}
      />
      <div role="tabpanel" aria-label={source === 'upload' ? 'Upload' : source === 'designs' ? 'My designs' : 'My materials'}>
        {source === 'upload' ? <UploadDesign /> : source === 'designs' ? <MyDesigns /> : <MyMaterials />}
      </div>
    </div>
  );
}
