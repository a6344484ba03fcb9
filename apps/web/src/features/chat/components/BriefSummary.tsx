import type { ReactNode } from 'react';
import { lookupColour } from '@packsmith/contracts';
import { LazyImage } from './LazyImage';

export interface BriefView {
  product: string;
  brand: string;
  box: string;
  style: readonly string[];
  color: readonly string[];
  element: readonly string[];
  logo: string;
}

const Missing = () => <span className="text-slate-400">Not set yet</span>;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[5.5rem_1fr] items-start gap-3 py-2">
      <dt className="pt-0.5 text-xs font-semibold uppercase tracking-wider text-slate-500">{label}</dt>
      <dd className="min-w-0 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function Tags({ items }: { items: readonly string[] }) {
  if (items.length === 0) return <Missing />;
  return (
    <span className="flex flex-wrap gap-1.5">
      {items.map((t) => (
        <span key={t} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
          {t}
        </span>
      ))}
    </span>
  );
}

export function ColourTags({ items }: { items: readonly string[] }) {
  if (items.length === 0) return <Missing />;
  return (
    <span className="flex flex-wrap gap-1.5">
      {items.map((c) => {
        const hex = lookupColour(c)?.hex;
        return (
          <span key={c} className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 py-0.5 pl-1 pr-2 text-xs font-medium text-slate-700">
            <span className="h-3.5 w-3.5 rounded-full ring-1 ring-black/10" style={{ backgroundColor: hex ?? '#e2e8f0' }} aria-hidden="true" />
            {c}
          </span>
        );
      })}
    </span>
  );
}

/** The brief as a neat summary: the chat_summary card and the side panel's live brief. */
export function BriefSummary({ brief, dense = false }: { brief: BriefView; dense?: boolean }) {
  return (
    <dl className={`divide-y divide-slate-100 ${dense ? '' : 'px-1'}`} data-testid="brief-summary">
      <Row label="Product">{brief.product || <Missing />}</Row>
      <Row label="Brand">{brief.brand || <Missing />}</Row>
      <Row label="Box">{brief.box || <Missing />}</Row>
      <Row label="Style">
        <Tags items={brief.style} />
      </Row>
      <Row label="Colours">
        <ColourTags items={brief.color} />
      </Row>
      <Row label="Elements">
        <Tags items={brief.element} />
      </Row>
      <Row label="Logo">
        {brief.logo ? (
          <LazyImage src={brief.logo} alt="Logo" className="h-12 w-12 rounded-lg border border-slate-200" fit="contain" retryable={false} />
        ) : (
          <Missing />
        )}
      </Row>
    </dl>
  );
}

/** How complete the brief is, for the panel's meter: product, brand, box, style, colours. */
export function briefCompleteness(brief: BriefView): number {
  const parts = [brief.product !== '', brief.brand !== '', brief.box !== '', brief.style.length > 0, brief.color.length > 0];
  return parts.filter(Boolean).length / parts.length;
}
