import { useParams } from 'react-router';
import { COLOUR_TAGS, type IdeaDetail } from '@packsmith/contracts';
import { AppLink } from '../../components/AppLink';
import { PageFrame } from '../../layout/PageFrame';
import { IdeaSwiper, type SwiperSlide } from '../../features/ideas/IdeaSwiper';
import { ideaTitle, countText } from '../../features/ideas/IdeaTile';
import { LikeButton } from '../../features/ideas/LikeButton';
import { ShareButton } from '../../features/ideas/ShareButton';
import { SimilarIdeas } from '../../features/ideas/SimilarIdeas';
import { EyeIcon, StarIcon } from '../../features/ideas/icons';
import { errorText, isNotAvailable } from '../../features/ideas/format';
import { tagLabel } from '../../features/ideas/filters';
import { useCountView, useIdea } from '../../features/ideas/idea-queries';
import { useDocumentMeta } from '../../features/ideas/useDocumentMeta';
import { categoryHref } from './categories';

/** Each design's packshot, then its flat front: what the swiper shows. */
export function slidesOf(idea: IdeaDetail): SwiperSlide[] {
  const title = ideaTitle(idea);
  return idea.designs.flatMap((d, i) => {
    const n = idea.designs.length > 1 ? ` ${i + 1}` : '';
    const color = d.palette[0];
    const out: SwiperSlide[] = [{ src: d.packshot_url, alt: `${title}: design${n}, pack shot`, width: d.width, height: d.height, color }];
    if (d.front_url) out.push({ src: d.front_url, alt: `${title}: design${n}, flat front`, width: d.width, height: d.height, color });
    return out;
  });
}

/** A colour of the brief as a swatch: a catalogue colour by slug or name, or a hex the brief gave. */
function swatchOf(colour: string): string | undefined {
  const c = colour.trim().toLowerCase();
  if (/^#[0-9a-f]{3,8}$/.test(c)) return c;
  return COLOUR_TAGS.find((t) => t.slug === c || t.name.toLowerCase() === c)?.hex;
}

/** The first sentence or so of the story, for the page's meta description (crawlers cut at ~160). */
export function describe(idea: IdeaDetail): string {
  const text = idea.story.trim() || `${ideaTitle(idea)} packaging designed with Packsmith.`;
  return text.length <= 160 ? text : `${text.slice(0, 157).replace(/\s+\S*$/, '')}…`;
}

function IdeaPage() {
  const id = useParams()['*'] ?? '';
  const idea = useIdea(id);
  const data = idea.data;
  useCountView(id, idea.isSuccess);
  useDocumentMeta(
    data
      ? {
          title: `${[data.brand, data.product].filter(Boolean).join(' ') || data.name} packaging idea | Packsmith`,
          description: describe(data),
          image: data.cover_url,
        }
      : idea.isError
        ? { title: 'Design idea not available | Packsmith' }
        : null,
  );

  if (!id || (idea.isError && isNotAvailable(idea.error))) {
    // Inside the screen's own frame (its route heading), so the page reads as the idea page, not a broken one.
    return (
      <div className="pb-16">
        <PageFrame
          route="projectInfo"
          description="One public packaging design: its images, the brief it was made from, and a way to redesign it for your product."
        >
          <div role="status" className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-slate-50 p-8 text-center">
            <h2 className="text-xl font-semibold text-slate-900">This design idea is not available</h2>
            <p className="mt-2 text-sm text-slate-600">It may have been unpublished by its owner, or the link is mistyped.</p>
            <AppLink to="/design-ideas" className="btn-primary mt-6 h-10 px-5">
              See all design ideas
            </AppLink>
          </div>
        </PageFrame>
      </div>
    );
  }
  if (idea.isError) {
    return (
      <div className="page-container pt-14">
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-700">
          <span>This idea could not be loaded. {errorText(idea.error)}</span>
          <button type="button" className="btn-secondary h-9 px-4" onClick={() => void idea.refetch()}>
            Try again
          </button>
        </div>
      </div>
    );
  }
  if (!data) {
    return (
      <div className="page-container pt-10 sm:pt-14" role="status" aria-label="Loading the idea">
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
          <div className="aspect-square animate-pulse rounded-2xl bg-slate-200/70" />
          <div className="space-y-4">
            <div className="h-4 w-24 animate-pulse rounded bg-slate-200/70" />
            <div className="h-9 w-3/4 animate-pulse rounded bg-slate-200/70" />
            <div className="h-20 animate-pulse rounded bg-slate-200/70" />
            <div className="h-10 w-1/2 animate-pulse rounded bg-slate-200/70" />
          </div>
        </div>
      </div>
    );
  }

  const title = ideaTitle(data);
  const pageUrl = typeof window === 'undefined' ? '' : (window.location.href.split('#')[0] ?? '');
  const facts: { label: string; value: string }[] = [
    ...(data.box_name ? [{ label: 'Box type', value: data.box_name }] : []),
    ...(data.brief.style.length > 0 ? [{ label: 'Style', value: data.brief.style.map(tagLabel).join(', ') }] : []),
    ...(data.brief.element.length > 0 ? [{ label: 'Elements', value: data.brief.element.map(tagLabel).join(', ') }] : []),
  ];

  return (
    <div className="page-container pt-8 pb-16 sm:pt-12">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-500">
        <AppLink to="/design-ideas" className="hover:text-violet-700">
          Design ideas
        </AppLink>
        {data.category && (
          <>
            <span aria-hidden="true"> / </span>
            <AppLink to={categoryHref(data.category)} className="hover:text-violet-700">
              {data.category}
            </AppLink>
          </>
        )}
      </nav>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
        <IdeaSwiper key={data.project_id} slides={slidesOf(data)} label={`${title} designs`} />
        <div>
          <div className="flex flex-wrap items-center gap-2">
            {data.category && (
              <AppLink to={categoryHref(data.category)} className="chip px-2.5 py-0.5 text-xs">
                {data.category}
              </AppLink>
            )}
            {data.featured && (
              <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
                <StarIcon />
                Featured
              </span>
            )}
            {data.made_by_packsmith && <span className="rounded-full bg-violet-50 px-2.5 py-0.5 text-xs font-medium text-violet-700">by Packsmith</span>}
          </div>
          <p className="mt-3 text-sm font-medium text-violet-700">{data.brand}</p>
          <h1 className="mt-1 text-3xl font-semibold tracking-tight text-slate-900">{data.product || data.name}</h1>
          {data.story && <p className="mt-4 text-base leading-relaxed text-slate-600">{data.story}</p>}

          <div className="mt-6 flex flex-wrap items-start gap-3">
            <AppLink to={data.redesign_url || `/design-chat?fid=${encodeURIComponent(data.project_id)}`} className="btn-primary h-10 px-5">
              Redesign for my product
            </AppLink>
            <LikeButton id={data.project_id} liked={data.liked} count={data.like_count} />
            <ShareButton title={`${title} packaging idea`} url={pageUrl} />
          </div>
          <p className="mt-2 inline-flex items-center gap-1.5 text-sm text-slate-500">
            <EyeIcon />
            {data.view_count === 1 ? '1 view' : `${countText(data.view_count)} views`}
          </p>

          <dl className="mt-6 grid gap-3 rounded-2xl border border-slate-200 p-4 text-sm">
            {facts.map((f) => (
              <div key={f.label} className="grid grid-cols-[7rem_1fr] gap-2">
                <dt className="text-slate-500">{f.label}</dt>
                <dd className="text-slate-900">{f.value}</dd>
              </div>
            ))}
            {data.brief.color.length > 0 && (
              <div className="grid grid-cols-[7rem_1fr] gap-2">
                <dt className="text-slate-500">Colours</dt>
                <dd className="flex flex-wrap gap-2">
                  {data.brief.color.map((c) => (
                    <span key={c} className="inline-flex items-center gap-1.5 text-slate-900">
                      <span
                        aria-hidden="true"
                        className="h-4 w-4 rounded-full border border-slate-300"
                        style={{ backgroundColor: swatchOf(c) ?? 'transparent' }}
                      />
                      {tagLabel(c)}
                    </span>
                  ))}
                </dd>
              </div>
            )}
            {data.palette.length > 0 && (
              <div className="grid grid-cols-[7rem_1fr] gap-2">
                <dt className="text-slate-500">Palette</dt>
                <dd>
                  <ul className="flex flex-wrap gap-3" aria-label="Palette">
                    {data.palette.map((hex) => (
                      <li key={hex} className="flex flex-col items-center gap-1">
                        <span aria-hidden="true" className="h-9 w-9 rounded-lg border border-slate-200 shadow-sm" style={{ backgroundColor: hex }} />
                        <span className="font-mono text-xs text-slate-600">{hex}</span>
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
            )}
          </dl>

          {data.tags.length > 0 && (
            <div className="mt-5 flex flex-wrap gap-2" aria-label="Tags">
              {data.tags.slice(0, 16).map((t) => (
                <AppLink key={t} to={`/design-ideas/search?tag=${encodeURIComponent(t)}`} className="chip px-2.5 py-0.5 text-xs hover:border-violet-300">
                  {tagLabel(t)}
                </AppLink>
              ))}
            </div>
          )}
        </div>
      </div>
      <SimilarIdeas id={data.project_id} enabled />
    </div>
  );
}

export { IdeaPage as Component };
