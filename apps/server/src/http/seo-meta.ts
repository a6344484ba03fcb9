/*
 * Page meta for crawlers and link previews that run no script: the SPA's index.html with the
 * <title>, description and Open Graph tags of a public design idea (/design-ideas/project/<id>).
 * The web app sets the same tags client-side (apps/web/src/features/ideas/useDocumentMeta.ts).
 * Pure string work: the route that serves the HTML (app.ts registerWebApp) does the lookup.
 */

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  /** Absolute URL of the share image, if any. */
  image: string | null;
}

/** What the meta of an idea page is made from (a public, visible idea; the ideas service answers it). */
export interface SeoIdea {
  brand: string;
  product: string;
  name: string;
  story: string;
  cover_url: string | null;
}

/** Longest description search engines show in full; longer stories are cut at a word. */
export const DESCRIPTION_MAX = 160;

const IDEA_PATH = /^\/design-ideas\/project\/([^/?#]+)\/?$/;

/** The idea id a request path names, or null for every other path (those keep the default HTML). */
export function ideaIdOfPath(urlPath: string): string | null {
  const m = IDEA_PATH.exec(urlPath);
  if (!m?.[1]) return null;
  let id: string;
  try {
    id = decodeURIComponent(m[1]);
  } catch {
    return null;
  }
  // Project ids are short and URL-safe; anything else cannot name an idea, so no lookup is made.
  return /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null;
}

/** Text for an HTML attribute or element body: every character that could end either escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function cut(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  return `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

function absolute(url: string, origin: string): string {
  try {
    return new URL(url, origin).href;
  } catch {
    return url;
  }
}

/** The meta of an idea page: "<brand> <product> packaging idea | Packsmith", its story, its cover. */
export function ideaPageMeta(idea: SeoIdea, pageUrl: string): PageMeta {
  const origin = new URL(pageUrl).origin;
  const subject =
    [idea.brand, idea.product]
      .map((s) => s.trim())
      .filter(Boolean)
      .join(' ') ||
    idea.name.trim() ||
    'Design';
  return {
    title: `${subject} packaging idea | Packsmith`,
    description: cut(idea.story || `${subject} packaging designed with Packsmith.`, DESCRIPTION_MAX),
    url: pageUrl,
    image: idea.cover_url ? absolute(idea.cover_url, origin) : null,
  };
}

/**
 * The HTML with the page's title and description replacing the defaults and the Open Graph and
 * Twitter card tags added at the end of <head>. Every value is escaped: an idea's text is a user's.
 */
export function injectPageMeta(html: string, meta: PageMeta): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const tags = [
    `<meta property="og:type" content="article" />`,
    `<meta property="og:site_name" content="Packsmith" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeHtml(meta.image)}" />`] : []),
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
  ].join('\n    ');

  let out = /<title>[\s\S]*?<\/title>/i.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${title}</title>`)
    : html.replace(/<\/head>/i, () => `<title>${title}</title>\n  </head>`);
  const descTag = `<meta name="description" content="${description}" />`;
  out = /<meta\s+name="description"[^>]*>/i.test(out)
    ? out.replace(/<meta\s+name="description"[^>]*>/i, () => descTag)
    : out.replace(/<\/head>/i, () => `${descTag}\n  </head>`);
  return out.replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
}
