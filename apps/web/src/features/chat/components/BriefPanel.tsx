import { useId, useState } from 'react';
import { ApiError } from '../../../api/error-catalogue';
import { uploadImage } from '../../../api/upload';
import { UPLOAD_ACCEPT_ATTR, UploadRejected } from '../../../api/upload-rules';
import { useProjectStore } from '../../../stores/project.store';
import { useUiStore } from '../../../stores/ui.store';
import { boxLabel } from '../box-rules';
import { useChatController, useChatState } from '../chat-context';
import type { BriefFields } from '../controller/project-state';
import { BriefSummary, briefCompleteness, type BriefView } from './BriefSummary';
import { EditIcon } from './icons';

const splitTags = (text: string): string[] => [
  ...new Set(
    text
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t !== ''),
  ),
];

/** The live brief (SPEC §4 project data from chat) with an edit form saved by PUT /api/project. */
export function BriefPanel() {
  const product = useProjectStore((s) => s.product);
  const brand = useProjectStore((s) => s.brand);
  const logo = useProjectStore((s) => s.logo);
  const project = useProjectStore((s) => s.project);
  const box = useProjectStore((s) => s.selectBoxInfo.name || boxLabel(s.project.box[0]));
  const ready = useChatState((s) => s.status === 'ready');
  const [editing, setEditing] = useState(false);
  const brief: BriefView = { product, brand, box, style: project.style, color: project.color, element: project.element, logo };
  const complete = Math.round(briefCompleteness(brief) * 100);
  return (
    <section aria-labelledby="brief-heading" data-testid="brief-panel">
      <div className="flex items-center justify-between gap-3">
        <h2 id="brief-heading" className="text-sm font-semibold text-slate-900">
          Design brief
        </h2>
        {!editing && (
          <button
            type="button"
            className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-medium text-violet-700 hover:bg-violet-50 disabled:opacity-50"
            onClick={() => setEditing(true)}
            disabled={!ready}
          >
            <EditIcon className="h-4 w-4" />
            Edit
          </button>
        )}
      </div>
      <div className="mt-2 flex items-center gap-3">
        <div
          className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-100"
          role="meter"
          aria-label="Brief completeness"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={complete}
        >
          <div className="h-full rounded-full bg-emerald-500 transition-[width] duration-500" style={{ width: `${complete}%` }} />
        </div>
        <span className="text-xs tabular-nums text-slate-500">{complete}%</span>
      </div>
      <div className="mt-3">{editing ? <BriefForm initial={brief} onDone={() => setEditing(false)} /> : <BriefSummary brief={brief} />}</div>
    </section>
  );
}

function BriefForm({ initial, onDone }: { initial: BriefView; onDone(): void }) {
  const chat = useChatController();
  const [product, setProduct] = useState(initial.product);
  const [brand, setBrand] = useState(initial.brand);
  const [style, setStyle] = useState(initial.style.join(', '));
  const [color, setColor] = useState(initial.color.join(', '));
  const [element, setElement] = useState(initial.element.join(', '));
  const [logo, setLogo] = useState(initial.logo);
  const [busy, setBusy] = useState<'save' | 'logo' | null>(null);
  const id = useId();
  const fields: [string, string, (v: string) => void, string][] = [
    ['Product', product, setProduct, 'e.g. Green tea'],
    ['Brand', brand, setBrand, 'e.g. Leaf & Co'],
    ['Styles', style, setStyle, 'Comma separated, e.g. minimalist, botanical'],
    ['Colours', color, setColor, 'Comma separated, e.g. sage, cream'],
    ['Elements', element, setElement, 'Comma separated, e.g. tea leaves, steam'],
  ];
  const uploadLogo = async (file: File | undefined) => {
    if (!file) return;
    setBusy('logo');
    try {
      setLogo((await uploadImage(file)).url);
    } catch (err) {
      if (err instanceof UploadRejected) useUiStore.getState().showMessage(err.message);
      else if (!(err instanceof ApiError)) useUiStore.getState().showMessage('The upload failed. Please try again.');
    } finally {
      setBusy(null);
    }
  };
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        const data: BriefFields = {
          product: product.trim(),
          brand: brand.trim(),
          style: splitTags(style),
          color: splitTags(color),
          element: splitTags(element),
          logo,
        };
        setBusy('save');
        void chat.saveBrief(data).then((ok) => {
          setBusy(null);
          if (ok) onDone();
        });
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onDone();
        }
      }}
    >
      {fields.map(([label, value, set, placeholder]) => (
        <div key={label}>
          <label htmlFor={`${id}-${label}`} className="field-label text-xs">
            {label}
          </label>
          <input
            id={`${id}-${label}`}
            className="field-input h-9 text-sm"
            value={value}
            placeholder={placeholder}
            maxLength={label === 'Product' || label === 'Brand' ? 200 : 1000}
            onChange={(e) => set(e.target.value)}
          />
        </div>
      ))}
      <div>
        <span className="field-label text-xs">Logo</span>
        <div className="mt-1.5 flex items-center gap-3">
          {logo ? (
            <img src={logo} alt="Logo" className="h-10 w-10 rounded-lg border border-slate-200 object-contain" />
          ) : (
            <span className="text-sm text-slate-400">No logo</span>
          )}
          <label className="btn-secondary h-9 cursor-pointer px-3 text-sm">
            {busy === 'logo' ? 'Uploading…' : logo ? 'Replace' : 'Upload'}
            <input
              type="file"
              accept={UPLOAD_ACCEPT_ATTR}
              className="sr-only"
              disabled={busy !== null}
              onChange={(e) => void uploadLogo(e.target.files?.[0])}
            />
          </label>
          {logo && (
            <button type="button" className="text-sm text-slate-500 hover:text-rose-600" onClick={() => setLogo('')}>
              Remove
            </button>
          )}
        </div>
      </div>
      <div className="flex justify-end gap-2 pt-1">
        <button type="button" className="btn-secondary h-9 px-3 text-sm" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn-primary h-9 px-4 text-sm" disabled={busy !== null}>
          {busy === 'save' ? 'Saving…' : 'Save brief'}
        </button>
      </div>
    </form>
  );
}
