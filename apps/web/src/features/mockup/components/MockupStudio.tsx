import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { materialInfo, type CompositeMaterial, type MockupTemplateInfo } from '@packsmith/contracts';
import { AppLink } from '../../../components/AppLink';
import { ImageEditorPanel } from '../../image-tools/components/ImageEditorPanel';
import { useUiStore } from '../../../stores/ui.store';
import { ChevronLeftIcon } from '../../chat/components/icons';
import type { OnProject } from '../controller/studio-project';
import { useMockupController, useStudioState } from '../mockup-context';
import { libraryHref } from '../mockup-url';
import { useDesignFaces, useTemplateInfo } from '../queries';
import { DesignPicker } from './DesignPicker';
import { EditToolbar } from './EditToolbar';
import { MaterialSelect } from './MaterialSelect';
import { MockupGenerate } from './MockupGenerate';
import { MockupResults } from './MockupResults';
import { PlacementEditor } from './PlacementEditor';
import { Preview3DPanel } from './Preview3DPanel';
import { SavedSetups } from './SavedSetups';
import { StudioStage } from './StudioStage';
import { Tabs } from './Tabs';
import { useEditShortcuts } from './useEditShortcuts';

type View = 'scene' | '3d';

interface MockupStudioProps {
  templateId: string;
  projectId: string | null;
  onProject: OnProject;
  onOpenSetup(saved: CompositeMaterial): void;
}

function Step({ n, title, children, testId }: { n: number; title: string; children: ReactNode; testId?: string }) {
  const id = `step-${n}`;
  return (
    <section aria-labelledby={id} className="card min-w-0 p-4 sm:p-5" data-testid={testId}>
      <h2 id={id} className="mb-4 flex items-center gap-2 text-base font-semibold text-slate-900">
        <span className="inline-flex h-6 w-6 items-center justify-center rounded-full bg-violet-100 text-xs font-semibold text-violet-700" aria-hidden="true">
          {n}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The image the 2D editor places: a design of ours shows its panel for the template's first surface; any other image is itself. */
function useEditorImage(template: MockupTemplateInfo): string | null {
  const design = useStudioState((s) => s.design);
  const ours = design !== null && (design.source === 'design' || design.source === 'link');
  const faces = useDesignFaces(ours ? design.url : null);
  if (!design) return null;
  if (!ours) return design.url;
  const role = template.uv_data.surfaces[0]?.role ?? 'front';
  const f = faces.data?.faces;
  return f?.[role] ?? f?.front ?? f?.wrap ?? design.url;
}

function PlaceStep({ template }: { template: MockupTemplateInfo }) {
  const image = useEditorImage(template);
  const surface = template.uv_data.surfaces[0];
  return (
    <Step n={2} title="Place it" testId="place-step">
      {image ? (
        <PlacementEditor area={template.default_design_area} role={surface?.role ?? 'front'} imageUrl={image} />
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-8 text-center text-sm text-slate-500">
          Your design appears here on the template's print area, ready to move, resize and turn.
        </p>
      )}
      <div className="mt-5 space-y-4">
        <MaterialSelect templateMaterial={template.material} />
        <EditToolbar />
      </div>
    </Step>
  );
}

function StudioSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]" aria-busy="true" aria-label="Loading the template" data-testid="studio-skeleton">
      <div className="aspect-square animate-pulse rounded-2xl bg-slate-100" />
      <div className="space-y-4">
        <div className="h-40 animate-pulse rounded-2xl bg-slate-100" />
        <div className="h-64 animate-pulse rounded-2xl bg-slate-100" />
      </div>
    </div>
  );
}

/**
 * The template page: the empty scene large (or a result beside it), and beside it the three steps:
 * the design (mine, my materials, or a new upload), its place on the template's first surface with the
 * material, and Generate. Then the results and the saved setups. One column on phones.
 */
export function MockupStudio({ templateId, projectId, onProject, onOpenSetup }: MockupStudioProps) {
  const ctl = useMockupController();
  const info = useTemplateInfo(templateId);
  const template = useStudioState((s) => s.template);
  const latest = useStudioState((s) => s.latestRun[0] ?? null);
  const latestIsRender = useStudioState((s) => s.latestRun[0] !== undefined && s.resultTemplates[s.latestRun[0]] !== undefined);
  const resultTemplates = useStudioState((s) => s.resultTemplates);
  const [shown, setShown] = useState<string | null>(null);
  const [view, setView] = useState<View>('scene');
  const [editImage, setEditImage] = useState<string | null>(null);
  // The image tools opened with no image (Create an image): only Create from words.
  const [blankEditor, setBlankEditor] = useState(false);
  const navigate = useNavigate();
  const projectIdNow = useStudioState((s) => s.projectId);
  const eraseScale = useStudioState((s) => s.mockupConfig.eraseScale);
  const loaded = template !== null && template.id === templateId;

  useEffect(() => {
    if (info.data) ctl.chooseTemplate(info.data);
  }, [ctl, info.data]);

  // A new result goes on the stage beside its empty scene (a 3D snapshot stays in the 3D view).
  useEffect(() => {
    if (!latest) return;
    setShown(latest);
    if (latestIsRender) setView('scene');
  }, [latest, latestIsRender]);

  // A change to the placement or material brings the live preview back on the stage.
  const edit = useStudioState((s) => s.edit);
  const editing = useStudioState((s) => s.livePlacement !== null);
  const design = useStudioState((s) => s.design);
  useEffect(() => {
    setShown(null);
  }, [edit, design]);
  useEffect(() => {
    if (editing) setShown(null);
  }, [editing]);

  useEditShortcuts(loaded, ctl.undo, ctl.redo);

  if (info.isError) {
    return (
      <div role="alert" className="rounded-2xl border border-rose-200 bg-rose-50 p-6" data-testid="template-error">
        <p className="font-medium text-rose-900">This template could not be opened.</p>
        <p className="mt-1 text-sm text-rose-800">{info.error.message}</p>
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="button" className="btn-secondary h-9 px-4 text-sm" onClick={() => void info.refetch()}>
            Try again
          </button>
          <AppLink to={libraryHref({ projectId })} className="btn-secondary h-9 px-4 text-sm">
            Choose another template
          </AppLink>
        </div>
      </div>
    );
  }
  if (!loaded) return <StudioSkeleton />;
  // Custom templates (a photo) have no pack of the catalogue to build in 3D.
  const has3d = template.box_ids.length > 0;

  return (
    <div className="pb-16" data-testid="mockup-studio">
      <div className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <AppLink
          to={libraryHref({ category: template.category, projectId })}
          className="inline-flex items-center gap-1 font-medium text-violet-700 hover:text-violet-900"
        >
          <ChevronLeftIcon className="h-4 w-4" />
          {template.custom ? 'My templates' : template.category}
        </AppLink>
        <span className="text-slate-300" aria-hidden="true">
          /
        </span>
        <h2 className="font-semibold text-slate-900" data-testid="template-name">
          {template.name}
        </h2>
        <span className="text-slate-500">{materialInfo(template.material).name}</span>
      </div>
      {/* Rows: the stage, then the results under it; the steps span both, so on phones the order is stage, steps, results. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr] xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0 space-y-3 lg:col-start-1 lg:row-start-1">
          {has3d && (
            <Tabs<View>
              label="Preview"
              active={view}
              onChange={setView}
              tabs={[
                { key: 'scene', label: 'Photo mockup', testId: 'view-scene' },
                { key: '3d', label: '3D preview', testId: 'view-3d' },
              ]}
            />
          )}
          {view === '3d' && has3d ? (
            <Preview3DPanel template={template} onProject={onProject} />
          ) : (
            <StudioStage
              template={template}
              shown={shown ? { url: shown, templateId: resultTemplates[shown] ?? null } : null}
              onShowScene={() => setShown(null)}
              onEdit={setEditImage}
            />
          )}
        </div>
        <div className="min-w-0 space-y-4 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <Step n={1} title="Your design" testId="design-step">
            <DesignPicker />
          </Step>
          <PlaceStep template={template} />
          <Step n={3} title="Generate" testId="generate-step">
            <MockupGenerate onProject={onProject} />
          </Step>
        </div>
        <div className="min-w-0 lg:col-start-1 lg:row-start-2">
          <div className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-slate-200 bg-white px-4 py-3">
            <p className="min-w-0 flex-1 text-sm text-slate-600">Need a backdrop or a product scene? Make one from a description.</p>
            <button type="button" className="btn-secondary h-9 px-3 text-sm" onClick={() => setBlankEditor(true)} data-testid="open-image-tools">
              Create an image
            </button>
          </div>
          <MockupResults
            shown={shown}
            onEdit={setEditImage}
            onShow={(url) => {
              setShown(url);
              document.querySelector('[data-testid="stage"]')?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
            }}
          />
          <SavedSetups onOpen={onOpenSetup} />
        </div>
      </div>
      <ImageEditorPanel
        imageUrl={editImage}
        blank={blankEditor}
        projectId={projectIdNow}
        templateId={editImage ? (resultTemplates[editImage] ?? null) : null}
        eraseScale={eraseScale}
        onClose={() => {
          setEditImage(null);
          setBlankEditor(false);
        }}
        onResult={(url) => ctl.store.getState().addResults([url])}
        ensureProject={() => ctl.ensureProject(onProject)}
        onFindTemplates={(keyword) => {
          setEditImage(null);
          setBlankEditor(false);
          void navigate(libraryHref({ category: template.category, keyword, projectId: projectIdNow }));
        }}
      />
    </div>
  );
}

/** The drawer offsets the page on wide screens, like the photo shoot's. */
export function useDrawerOffset(): string {
  return useUiStore((s) => s.chatDrawer) ? 'sm:pr-[26rem]' : '';
}
