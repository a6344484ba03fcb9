import type { PrintCheck } from '@packsmith/contracts';
import { AppLink } from '../../components/AppLink';
import { FoldPreview } from './FoldPreview';
import { mm } from './labels';

/** The packaging editor on this design: the print-ready PDF is made there, by the same exporter (issue 17). */
const editorHref = (check: PrintCheck) => `/editor?design=${encodeURIComponent(check.project_id)}&image=${encodeURIComponent(check.image_url)}`;

/** The pre-press check of a design: its front, the flat dieline, the print figures and what to fix. */
export function PrintCheckPanel({ check }: { check: PrintCheck }) {
  return (
    <section aria-label="Print check" className="card space-y-5 p-4 sm:p-6" data-testid="print-check">
      <h2 className="text-lg font-semibold text-slate-900">
        {check.box.name}, {check.length_mm} × {check.width_mm} × {check.height_mm} mm
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <figure className="min-w-0">
          <img
            src={check.front_url || check.image_url}
            alt="The design's front"
            className="aspect-square w-full rounded-xl border border-slate-200 bg-slate-50 object-contain"
          />
          <figcaption className="mt-1 text-xs text-slate-500">Your design</figcaption>
        </figure>
        <figure className="min-w-0">
          <img src={check.dieline_url} alt="The flat dieline" className="aspect-square w-full rounded-xl border border-slate-200 bg-white object-contain p-2" />
          <figcaption className="mt-1 text-xs text-slate-500">The dieline the factory cuts</figcaption>
        </figure>
      </div>
      <FoldPreview boxId={check.box.box_id} frontUrl={check.front_url || check.image_url} />
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-500">Inside size</dt>
          <dd className="font-medium text-slate-800">
            {check.length_mm} × {check.width_mm} × {check.height_mm} mm
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Flat sheet</dt>
          <dd className="font-medium text-slate-800">
            {Math.round(check.sheet_width_mm)} × {Math.round(check.sheet_height_mm)} mm
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Bleed</dt>
          <dd className="font-medium text-slate-800">{mm(check.bleed_mm)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Safe zone</dt>
          <dd className="font-medium text-slate-800">{mm(check.safe_mm)}</dd>
        </div>
      </dl>
      <ul aria-label="Checks" className="space-y-2">
        {check.checks.map((c) => (
          <li key={c.name} className="flex gap-3 text-sm">
            <span
              className={`mt-0.5 shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${c.ok ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-800'}`}
            >
              {c.ok ? 'OK' : 'Fix'}
            </span>
            <span className="min-w-0 break-words">
              <span className="font-medium text-slate-800">{c.name}</span> <span className="text-slate-600">{c.detail}</span>
            </span>
          </li>
        ))}
      </ul>
      {check.print_ready_allowed ? (
        <p className="text-sm text-emerald-700" data-testid="print-ready">
          Print-ready files (PDF with bleed and the dieline) go with your request.{' '}
          <AppLink to={editorHref(check)} className="font-medium text-violet-700 hover:underline">
            Make or check the print PDF in the packaging editor
          </AppLink>
        </p>
      ) : (
        <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-600" data-testid="print-ready">
          Print-ready files are part of the Business plan. Without them the factory gets your design and this dieline and prepares the files itself.{' '}
          <AppLink to="/pricing" className="font-medium text-violet-700 hover:underline">
            See the Business plan
          </AppLink>
        </p>
      )}
    </section>
  );
}
