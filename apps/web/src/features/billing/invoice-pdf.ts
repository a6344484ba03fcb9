import type { Invoice } from '@packsmith/contracts';
import { joinPath } from '../../api/http';
import { ensureToken } from '../../api/session-token';

/** Our own PDFs (the sandbox's) are API calls that need the Bearer token; Stripe's are public links. */
export function isOwnPdf(url: string): boolean {
  if (url.startsWith('/')) return true;
  try {
    return new URL(url).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * Downloads an invoice PDF served by our API: a plain link would carry no token, so the file is
 * fetched with it and saved from a blob. Resolves false when the server refused.
 */
export async function downloadOwnPdf(invoice: Invoice): Promise<boolean> {
  const token = await ensureToken();
  const url = invoice.pdf_url.startsWith('/') ? joinPath(invoice.pdf_url) : invoice.pdf_url;
  let res: Response;
  try {
    res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    return false;
  }
  if (res.status !== 200 || (res.headers.get('content-type') ?? '').includes('application/json')) return false;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = `packsmith-invoice-${invoice.number}.pdf`;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // The click starts the download synchronously; the object URL can go once it has.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return true;
}
