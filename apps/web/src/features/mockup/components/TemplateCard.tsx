import { materialInfo, type MockupTemplate } from '@packsmith/contracts';
import { AppLink } from '../../../components/AppLink';
import { LazyImage } from '../../chat/components/LazyImage';

/** One template in the grid: its 512 px thumbnail (loaded near the viewport), name, category and material. */
export function TemplateCard({ template, href, showCategory }: { template: MockupTemplate; href: string; showCategory: boolean }) {
  const packs = template.box_ids.length;
  return (
    <li>
      <AppLink
        to={href}
        className="group block overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:border-violet-300 hover:shadow-md focus-visible:border-violet-500"
        data-testid="template-card"
        data-template-id={template.id}
      >
        <div className="relative">
          <LazyImage
            src={template.thumbnail_url}
            alt=""
            className="aspect-square transition-transform duration-300 group-hover:scale-[1.02]"
            retryable={false}
          />
          {template.custom && (
            <span className="absolute left-2 top-2 rounded-full bg-slate-900/75 px-2 py-0.5 text-[0.7rem] font-medium text-white">Your photo</span>
          )}
          {packs > 1 && (
            <span className="absolute right-2 top-2 rounded-full bg-white/90 px-2 py-0.5 text-[0.7rem] font-medium text-slate-700">{packs} packs</span>
          )}
        </div>
        <div className="p-3">
          <p className="line-clamp-2 min-h-10 text-sm font-medium leading-5 text-slate-900 group-hover:text-violet-800" title={template.name}>
            {template.name}
          </p>
          <p className="mt-0.5 truncate text-xs text-slate-500">
            {showCategory ? `${template.category} · ` : ''}
            {materialInfo(template.material).name}
          </p>
        </div>
      </AppLink>
    </li>
  );
}

export function TemplateSkeletons({ count = 8 }: { count?: number }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4" aria-hidden="true" data-testid="template-skeletons">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="overflow-hidden rounded-2xl border border-slate-100">
          <div className="aspect-square animate-pulse bg-slate-100" />
          <div className="space-y-2 p-3">
            <div className="h-3.5 w-3/4 animate-pulse rounded bg-slate-100" />
            <div className="h-3 w-1/2 animate-pulse rounded bg-slate-100" />
          </div>
        </li>
      ))}
    </ul>
  );
}
