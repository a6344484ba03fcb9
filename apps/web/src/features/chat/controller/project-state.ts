import { chatCalls, projectCalls, type CallData, type DesignBrief } from '@packsmith/contracts';
import { apiCall } from '../../../api/client';
import { useProjectStore } from '../../../stores/project.store';
import { useUiStore } from '../../../stores/ui.store';
import { boxIdIndex, chooseBox, selectedBoxOf, type BoxChoice } from '../box-rules';
import type { BoxOption } from '../chat-data';
import type { ChatStoreApi, ProjectDetail } from '../chat.store';
import type { ImageLikes } from '../image-likes';
import type { RunGuard } from './run-guard';

type ProjectData = CallData<typeof projectCalls.info>;

export interface BriefFields {
  product: string;
  brand: string;
  style: string[];
  color: string[];
  element: string[];
  logo: string;
}

interface ProjectStateDeps {
  store: ChatStoreApi;
  run: RunGuard;
  /** What the server holds for the project's likes: a refused press rolls back to it. */
  confirmLikes(likes: ImageLikes): void;
  saveLocalHistory(): void;
}

/** The project a chat edits: its brief, its box, its results, as the chat and the server change them. */
export interface ProjectState {
  /** SPEC §4: product, brand, logo, colours, elements and styles are stored as the project's. */
  applyProject(p: ProjectData | ProjectDetail): void;
  applyBrief(brief: DesignBrief): void;
  /** SPEC §4: the returned boxes' categories lead the panel, and the first returned box is selected. */
  applyReturnedBoxes(options: BoxOption[]): void;
  applyAnswer(images: string[], promptIndex: number): void;
  /** Applies SPEC §4 box selection to the project state (the box list, boxId, selectBoxInfo). */
  selectBox(option: Pick<BoxOption, 'name' | 'slug' | 'box_id'>): BoxChoice;
  /** A box in the side panel: selected and saved on the project (PUT /api/project). */
  selectPanelBox(option: BoxOption): Promise<boolean>;
  /** The brief panel's Save (PUT /api/project). */
  saveBrief(fields: BriefFields): Promise<boolean>;
  /** The box panel's catalogue (GET /api/catalog/boxes), fetched once per chat. */
  loadBoxCatalog(force?: boolean): Promise<void>;
  /** The project changed on the server: read it again shortly (several changes come together). */
  scheduleRefresh(): void;
  cancelRefresh(): void;
}

export function createProjectState({ store, run, confirmLikes, saveLocalHistory }: ProjectStateDeps): ProjectState {
  let refresh: ReturnType<typeof setTimeout> | null = null;

  function selectBox(option: Pick<BoxOption, 'name' | 'slug' | 'box_id'>): BoxChoice {
    const catalog = store.getState().catalog;
    const project = useProjectStore.getState();
    const choice = chooseBox(project.project.box, option, catalog ? boxIdIndex(catalog) : {});
    project.patch({ selectBoxInfo: choice.selectBoxInfo, boxId: choice.boxId, project: { ...project.project, box: choice.box } });
    return choice;
  }

  function applyProject(p: ProjectData | ProjectDetail): void {
    const s = store.getState();
    const children = 'children' in p ? p.children : (s.project?.children ?? []);
    const likes = { like_list: p.like_list, dislike_list: p.dislike_list, like_best: p.like_best };
    s.patch({ project: { ...p, children }, likes });
    confirmLikes(likes);
    useProjectStore.getState().patch({
      project_id: p.project_id,
      product: p.product,
      brand: p.brand,
      logo: p.logo,
      project: { box: [...p.box], element: [...p.element], style: [...p.style], color: [...p.color], logo: p.logo },
      like_image_list: p.like_list,
      dislike_image_list: p.dislike_list,
      result_image_list: p.result_list.flat(),
    });
    // A project without a box keeps the box selected from the assistant's suggestions (SPEC §4).
    const selected = selectedBoxOf(p.box, p.data.box_id);
    if (selected) selectBox(selected);
  }

  function applyBrief(brief: DesignBrief): void {
    useProjectStore.getState().patch({
      product: brief.product,
      brand: brief.brand,
      logo: brief.logo,
      project: { box: [...brief.box], element: [...brief.element], style: [...brief.style], color: [...brief.color], logo: brief.logo },
    });
    const s = store.getState();
    if (s.project) {
      s.patch({
        project: {
          ...s.project,
          product: brief.product,
          brand: brief.brand,
          logo: brief.logo,
          box: brief.box,
          element: brief.element,
          style: brief.style,
          color: brief.color,
        },
      });
    }
    const selected = selectedBoxOf(brief.box, brief.box_id);
    if (selected) selectBox(selected);
  }

  function applyReturnedBoxes(options: BoxOption[]): void {
    store.getState().patch({ suggestedBoxes: options });
    const first = options[0];
    if (first) selectBox(first);
  }

  function applyAnswer(images: string[], promptIndex: number): void {
    useProjectStore.getState().addResultImages(images);
    const s = store.getState();
    if (!s.project || images.length === 0) return;
    const list = s.project.result_list.map((l) => [...l]);
    const known = list.some((l) => l.length === images.length && l.every((u, i) => u === images[i]));
    if (known) return;
    if (promptIndex >= 0 && promptIndex < list.length) list[promptIndex] = images;
    else list.push(images);
    s.patch({ project: { ...s.project, result_list: list } });
  }

  async function selectPanelBox(option: BoxOption): Promise<boolean> {
    const projectId = store.getState().projectId;
    if (!projectId) return false;
    const project = useProjectStore.getState();
    const before = { selectBoxInfo: project.selectBoxInfo, boxId: project.boxId, project: project.project };
    const choice = selectBox(option);
    try {
      // The server reads data.box_id before the list: both change together.
      const p = await apiCall(projectCalls.update, { project_id: projectId, data: { box: choice.box, data: { box_id: choice.boxId } } });
      if (store.getState().projectId === projectId) applyProject(p);
      return true;
    } catch {
      useProjectStore.getState().patch(before);
      return false;
    }
  }

  async function saveBrief(fields: BriefFields): Promise<boolean> {
    const projectId = store.getState().projectId;
    if (!projectId) return false;
    try {
      const p = await apiCall(projectCalls.update, { project_id: projectId, data: fields });
      if (store.getState().projectId === projectId) {
        applyProject(p);
        saveLocalHistory();
      }
      useUiStore.getState().showMessage('Brief saved.', 'success');
      return true;
    } catch {
      return false;
    }
  }

  async function loadBoxCatalog(force = false): Promise<void> {
    const s = store.getState();
    if (!force && (s.catalogStatus === 'loading' || s.catalogStatus === 'ready')) return;
    s.patch({ catalogStatus: 'loading' });
    try {
      const { categories } = await apiCall(chatCalls.boxCatalog, {}, { silent: true });
      store.getState().patch({ catalog: categories, catalogStatus: 'ready' });
    } catch {
      store.getState().patch({ catalogStatus: 'error' });
    }
  }

  function cancelRefresh(): void {
    if (refresh) clearTimeout(refresh);
    refresh = null;
  }

  function scheduleRefresh(): void {
    cancelRefresh();
    const projectId = store.getState().projectId;
    const current = run.id;
    refresh = setTimeout(() => {
      refresh = null;
      if (!projectId || !run.isCurrent(current, projectId)) return;
      apiCall(projectCalls.info, { project_id: projectId }, { silent: true })
        .then((p) => {
          if (run.isCurrent(current, projectId)) applyProject(p);
        })
        .catch(() => undefined);
    }, 300);
  }

  return { applyProject, applyBrief, applyReturnedBoxes, applyAnswer, selectBox, selectPanelBox, saveBrief, loadBoxCatalog, scheduleRefresh, cancelRefresh };
}
