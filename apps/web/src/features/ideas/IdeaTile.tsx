import { useState } from 'react';
import type { IdeaItem } from '@packsmith/contracts';
import { AppLink } from '../../components/AppLink';
import { categoryHref } from '../../pages/design-ideas/categories';
import { EyeIcon, HeartIcon, StarIcon } from './icons';
import { aspectOf } from './masonry';

export const ideaHref = (id: string) => `/design-ideas/project/${encodeURIComponent(id)}`;

/** "Brand · Product", or whichever of them the idea has, or its name. */
export function ideaTitle(idea: Pick<IdeaItem, 'brand' | 'product' | 'name'>): string {
  const parts = [idea.brand, idea.product].map((p) => p?.trim()).filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : idea.name || 'Untitled idea';
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
export const countText = (n: number) => compact.format(n);

/**
 * One idea of a grid. The cover keeps its aspect ratio from the idea's width and height and shows
 * the palette's first colour until the image has decoded, so the grid never jumps as images land.
 */
export function IdeaTile({ idea, eager = false, priority = false }: { idea: IdeaItem; eager?: boolean; priority?: boolean }) {
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const title = ideaTitle(idea);
  const placeholder = idea.palette[0] ?? '#e2e8f0';
  return (
    <article aria-label={title} className="group mb-4 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm sm:mb-5">
      <AppLink to={ideaHref(idea.project_id)} className="block focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-violet-200">
        <div className="relative w-full overflow-hidden" style={{ aspectRatio: String(aspectOf(idea)), backgroundColor: placeholder }}>
          {/* The blurred wash of the palette: what the tile looks like before its image decodes. */}
          {!loaded && idea.palette.length > 1 && (
            <div
              aria-hidden="true"
              className="absolute inset-0 blur-2xl"
              style={{ background: `linear-gradient(135deg, ${idea.palette.slice(0, 3).join(', ')})` }}
            />
          )}
          {idea.cover_url && !failed && (
            <img
              src={idea.cover_url}
              alt={`${title} packaging`}
              width={idea.width ?? undefined}
              height={idea.height ?? undefined}
              loading={eager || priority ? 'eager' : 'lazy'}
              // The first row is what the visitor waits for: ahead of the other tiles' images.
              fetchPriority={priority ? 'high' : 'auto'}
              decoding="async"
              onLoad={() => setLoaded(true)}
              onError={() => setFailed(true)}
              data-loaded={loaded ? 'true' : 'false'}
              className={`absolute inset-0 h-full w-full object-cover transition-[opacity,transform] duration-500 group-hover:scale-[1.02] ${loaded ? 'opacity-100' : 'opacity-0'}`}
            />
          )}
          <div className="absolute left-2 top-2 flex flex-wrap gap-1.5">
            {idea.featured && (
              <span className="inline-flex items-center gap-1 rounded-full bg-amber-400/95 px-2 py-0.5 text-xs font-semibold text-amber-950">
                <StarIcon />
                Featured
              </span>
            )}
            {idea.made_by_packsmith && <span className="rounded-full bg-white/90 px-2 py-0.5 text-xs font-medium text-violet-700">by Packsmith</span>}
          </div>
        </div>
        <div className="px-3 pt-3">
          <h3 className="line-clamp-2 text-sm font-semibold text-slate-900">{title}</h3>
        </div>
      </AppLink>
      <div className="flex flex-wrap items-center justify-between gap-2 px-3 pb-3 pt-2">
        {idea.category ? (
          <AppLink to={categoryHref(idea.category)} className="chip px-2.5 py-0.5 text-xs">
            {idea.category}
          </AppLink>
        ) : (
          <span />
        )}
        <span className="flex items-center gap-3 text-xs text-slate-500">
          <span className="inline-flex items-center gap-1" title={`${idea.like_count} likes`}>
            <HeartIcon className="h-3.5 w-3.5" />
            <span className="sr-only">Likes:</span>
            {countText(idea.like_count)}
          </span>
          <span className="inline-flex items-center gap-1" title={`${idea.view_count} views`}>
            <EyeIcon className="h-3.5 w-3.5" />
            <span className="sr-only">Views:</span>
            {countText(idea.view_count)}
          </span>
        </span>
      </div>
    </article>
  );
}

/** A tile's shape while its page loads. */
export function TileSkeleton({ aspect }: { aspect: number }) {
  return (
    <div aria-hidden="true" data-testid="idea-skeleton" className="mb-4 overflow-hidden rounded-2xl border border-slate-200 bg-white sm:mb-5">
      <div className="w-full animate-pulse bg-slate-200/70" style={{ aspectRatio: String(aspect) }} />
      <div className="space-y-2 p-3">
        <div className="h-3 w-3/4 animate-pulse rounded bg-slate-200/70" />
        <div className="h-3 w-1/2 animate-pulse rounded bg-slate-200/70" />
      </div>
    </div>
  );
}
