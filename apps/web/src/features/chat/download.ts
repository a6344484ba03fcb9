import { GATE_MESSAGES, Msg, accessCalls, canDownload, canUseBusinessFeature, type GateResult, type User } from '@packsmith/contracts';
import { loadCurrentUser } from '../../api/current-user';
import { handleEnvelopeError } from '../../api/error-catalogue';
import { isEnvelope, joinPath, toQueryString } from '../../api/http';
import { ensureToken } from '../../api/session-token';
import { useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';

export type DownloadOutcome = 'login' | 'activate' | 'saved' | 'failed';

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/svg+xml': 'svg', 'application/pdf': 'pdf' };

/** "Leaf & Co", "Green tea" → "leaf-co-green-tea-design-2.png": readable, safe on every file system. */
export function downloadFileName(parts: readonly string[], index: number, contentType: string): string {
  const stem = parts
    .join(' ')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  const ext = EXTENSIONS[contentType.split(';')[0]?.trim() ?? ''] ?? 'png';
  return `${stem || 'packsmith'}-design-${index}.${ext}`;
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

/**
 * SPEC §6 download of a design image: a guest gets the login modal; a signed-in member without a paid
 * plan gets "Please activate your membership." and the pay modal; a paid member gets the full-resolution
 * file (GET /api/file/download as a blob with the Bearer header), saved under a readable name.
 */
export async function downloadImage(url: string, nameParts: readonly string[], index: number): Promise<DownloadOutcome> {
  return gatedDownload(url, nameParts, index, canDownload, Msg.activateMembership);
}

/**
 * The print file (dieline sheet with the artwork, SVG at print size) is a Business feature: others
 * get "Please upgrade to a business membership." and the pay modal; the server enforces the same rule.
 */
export async function downloadPrintFile(url: string, nameParts: readonly string[], index: number): Promise<DownloadOutcome> {
  return gatedDownload(url, [...nameParts, 'print'], index, canUseBusinessFeature, GATE_MESSAGES.business);
}

async function gatedDownload(
  url: string,
  nameParts: readonly string[],
  index: number,
  rule: (user: User) => GateResult,
  refusal: string,
): Promise<DownloadOutcome> {
  if (!useSessionStore.getState().user) await loadCurrentUser();
  const user = useSessionStore.getState().user;
  const ui = useUiStore.getState();
  const gate = user ? rule(user) : ({ ok: false, code: 401 } as const);
  if (!gate.ok) {
    if (gate.code === 401) {
      ui.open('loginModal');
      return 'login';
    }
    ui.showMessage(refusal, 'info');
    ui.open('payModal');
    return 'activate';
  }
  const token = await ensureToken();
  const path = accessCalls.fileDownload.path;
  let res: Response;
  try {
    res = await fetch(joinPath(path) + toQueryString({ url }), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    handleEnvelopeError({ kind: 'network' }, path);
    return 'failed';
  }
  if (res.status !== 200) {
    handleEnvelopeError({ kind: 'http', status: res.status }, path);
    return 'failed';
  }
  const type = res.headers.get('content-type') ?? '';
  // Refusals still answer the JSON envelope; the file itself never is JSON.
  if (type.includes('application/json')) {
    const body: unknown = await res.json().catch(() => null);
    if (isEnvelope(body)) handleEnvelopeError({ kind: 'code', code: body.code, msg: body.msg }, path);
    else handleEnvelopeError({ kind: 'network' }, path);
    return 'failed';
  }
  saveBlob(await res.blob(), downloadFileName(nameParts, index, type));
  return 'saved';
}
