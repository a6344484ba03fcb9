import { canDownload, nutritionCalls, type CallData, type NutritionComputed, type NutritionLabelInput } from '@packsmith/contracts';
import { apiCall } from '../../api/client';
import { loadCurrentUser } from '../../api/current-user';
import { handleEnvelopeError } from '../../api/error-catalogue';
import { ensureToken } from '../../api/session-token';
import { useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';

export type NutritionDownloadFormat = 'svg' | 'png' | 'pdf';
export type LabelSummaries = CallData<typeof nutritionCalls.list>;
export type FoodList = CallData<typeof nutritionCalls.foods>['list'];

export const labelsKey = ['nutrition-labels'] as const;
export const labelKey = (projectId: string) => ['nutrition-label', projectId] as const;

/**
 * The live preview's call. Silent: its failures are shown inside the screen (on the field a 400
 * names, or in the preview panel), never as a toast per keystroke.
 */
export const computeLabel = (input: NutritionLabelInput, signal: AbortSignal): Promise<NutritionComputed> =>
  apiCall(nutritionCalls.compute, input, { signal, silent: true });

export const saveLabel = (projectId: string | null, name: string, input: NutritionLabelInput) =>
  apiCall(nutritionCalls.save, { ...(projectId ? { project_id: projectId } : {}), name, input }, { silent: true });

export const loadLabel = (projectId: string) => apiCall(nutritionCalls.label, { project_id: projectId });
export const listLabels = (): Promise<LabelSummaries> => apiCall(nutritionCalls.list, { page_index: 1, page_size: 50 });
export const searchFoods = (q: string, signal?: AbortSignal): Promise<FoodList> =>
  apiCall(nutritionCalls.foods, { q, limit: 8 }, { signal, silent: true }).then((r) => r.list);
export const saveFood = (food: { name: string; per_100g: Record<string, string>; allergens?: string[] }) =>
  apiCall(nutritionCalls.saveFood, food, { silent: true });

/** Who is asking, as far as downloads go (SPEC §6). */
export type Downloader = 'guest' | 'free' | 'paid';

export function downloaderOf(user: Parameters<typeof canDownload>[0] | null): Downloader {
  if (!user) return 'guest';
  const gate = canDownload(user);
  return gate.ok ? 'paid' : gate.code === 401 ? 'guest' : 'free';
}

function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // The click starts the download synchronously; the object URL can go once it has.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export type LabelDownloadOutcome = 'login' | 'saved' | 'failed';

/**
 * SPEC §6 download of a saved label: a guest gets the login modal (no call); anyone signed in asks the
 * server, which answers the file (paid, or a free account's watermarked preview) or refuses a free
 * account's clean file with 403 "Please activate your membership." — the catalogue then shows it and
 * opens the pay modal. The file is fetched with the Bearer header and saved under its own name.
 */
export async function downloadLabel(project: () => Promise<string | null>, format: NutritionDownloadFormat, watermark: boolean): Promise<LabelDownloadOutcome> {
  if (!useSessionStore.getState().user) await loadCurrentUser();
  if (downloaderOf(useSessionStore.getState().user) === 'guest') {
    useUiStore.getState().open('loginModal');
    return 'login';
  }
  // A download is of a saved label: `project` saves it first when needed (null: it could not be).
  const projectId = await project();
  if (!projectId) return 'failed';
  let file: CallData<typeof nutritionCalls.download>;
  try {
    file = await apiCall(nutritionCalls.download, { project_id: projectId, format, ...(watermark ? { watermark: true } : {}) });
  } catch {
    return 'failed';
  }
  const token = await ensureToken();
  // Our own files need the session (owner-only results); a bucket or CDN address is signed already.
  const sameOrigin = file.url.startsWith('/') || file.url.startsWith(window.location.origin);
  let res: Response;
  try {
    res = await fetch(file.url, { headers: sameOrigin && token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    handleEnvelopeError({ kind: 'network' }, file.url);
    return 'failed';
  }
  if (res.status !== 200 || (res.headers.get('content-type') ?? '').includes('application/json')) {
    handleEnvelopeError({ kind: 'http', status: res.status === 200 ? 500 : res.status }, file.url);
    return 'failed';
  }
  saveBlob(await res.blob(), file.file_name);
  return 'saved';
}
