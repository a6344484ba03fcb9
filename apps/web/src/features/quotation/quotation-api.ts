import { QUOTE_PDF_PATH, quotationCalls, type CallData } from '@packsmith/contracts';
import { apiCall } from '../../api/client';
import { joinPath } from '../../api/http';
import { ensureToken } from '../../api/session-token';
import type { KeepSlot } from '../../stores/store-keeper';
import type { ChatStoreApi } from '../chat/chat.store';

/** The /aiquotation screen's chat, kept for a return to the same project. */
export const QUOTE_CHAT: KeepSlot<ChatStoreApi> = { name: 'quote-chat' };

export type QuotationState = CallData<typeof quotationCalls.state>;
export const quotationStateKey = (projectId: string) => ['quotation-state', projectId] as const;
export const loadQuotationState = (projectId: string): Promise<QuotationState> => apiCall(quotationCalls.state, { project_id: projectId });

/*
 * "Quote this design": one quotation project per design per page visit, however often the screen mounts
 * (React's double effects in development, a quick back and forth).
 */
const starting = new Map<string, Promise<string>>();
export function quoteFromProject(sourceProjectId: string): Promise<string> {
  const pending = starting.get(sourceProjectId);
  if (pending) return pending;
  const job = apiCall(quotationCalls.fromProject, { source_project_id: sourceProjectId })
    .then((r) => r.project_id)
    .finally(() => setTimeout(() => starting.delete(sourceProjectId), 2000));
  starting.set(sourceProjectId, job);
  return job;
}

export const quotePdfUrl = (quoteId: string): string => joinPath(`${QUOTE_PDF_PATH}?quote_id=${encodeURIComponent(quoteId)}`);

/**
 * The quote PDF is an API call that needs the Bearer token (a plain link would carry none), so it is
 * fetched and saved from a blob, as the billing page saves invoices. Resolves false when refused.
 */
export async function downloadQuotePdf(quoteId: string): Promise<boolean> {
  const token = await ensureToken();
  let res: Response;
  try {
    res = await fetch(quotePdfUrl(quoteId), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    return false;
  }
  if (res.status !== 200 || (res.headers.get('content-type') ?? '').includes('application/json')) return false;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = `packsmith-quote-${quoteId}.pdf`;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // The click starts the download synchronously; the object URL can go once it has.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return true;
}
