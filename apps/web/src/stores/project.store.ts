import { create } from 'zustand';

export interface SelectBoxInfo {
  name: string;
  value: string;
}

export interface ClientProjectBrief {
  box: string[];
  element: string[];
  style: string[];
  color: string[];
  logo: string;
}

export interface CacheProjectId {
  design_id: string;
  photoshoot_id: string;
  isAjaxEnd: boolean;
}

/** SPEC §3 client project state. */
export interface ClientProjectState {
  project_id: string;
  product: string;
  brand: string;
  logo: string;
  project: ClientProjectBrief;
  selectBoxInfo: SelectBoxInfo;
  boxId: number;
  mockup_project_id: string;
  temporary_project_id: string;
  like_image_list: string[];
  dislike_image_list: string[];
  result_image_list: string[];
  photoResultList: string[];
  photoLikeBestUrl: string;
  cacheProjectId: CacheProjectId;
}

export function defaultProjectState(): ClientProjectState {
  return {
    project_id: '',
    product: '',
    brand: '',
    logo: '',
    project: { box: [], element: [], style: [], color: [], logo: '' },
    selectBoxInfo: { name: '', value: '' },
    boxId: 0,
    mockup_project_id: '',
    temporary_project_id: '',
    like_image_list: [],
    dislike_image_list: [],
    result_image_list: [],
    photoResultList: [],
    photoLikeBestUrl: '',
    cacheProjectId: { design_id: '', photoshoot_id: '', isAjaxEnd: false },
  };
}

/** Keeps the first occurrence of each url and drops blanks (SPEC §3 result_image_list). */
export function cleanImageList(urls: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of urls) {
    const url = raw.trim();
    if (url === '' || seen.has(url)) continue;
    seen.add(url);
    out.push(url);
  }
  return out;
}

/** SPEC §4 box selection: the selected box goes first; boxId is 0 when the box is unknown. */
export function selectBox(boxes: readonly string[], selected: SelectBoxInfo, boxIds: Readonly<Record<string, number>>): { box: string[]; boxId: number } {
  const rest = boxes.filter((b) => b !== selected.name);
  return { box: [selected.name, ...rest], boxId: boxIds[selected.value] ?? boxIds[selected.name] ?? 0 };
}

export interface ProjectStore extends ClientProjectState {
  patch(values: Partial<ClientProjectState>): void;
  setResultImages(urls: readonly string[]): void;
  addResultImages(urls: readonly string[]): void;
  reset(): void;
}

export const useProjectStore = create<ProjectStore>()((set, get) => ({
  ...defaultProjectState(),
  patch(values) {
    const next = { ...values };
    if (next.result_image_list) next.result_image_list = cleanImageList(next.result_image_list);
    set(next);
  },
  setResultImages(urls) {
    set({ result_image_list: cleanImageList(urls) });
  },
  addResultImages(urls) {
    set({ result_image_list: cleanImageList([...get().result_image_list, ...urls]) });
  },
  reset() {
    set(defaultProjectState());
  },
}));
