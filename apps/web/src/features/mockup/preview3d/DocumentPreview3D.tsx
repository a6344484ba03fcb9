import { BOX_TYPES, mockupCalls, type EditorDocument, type MaterialType } from '@packsmith/contracts';
import { previewModel, type FoldedModel } from '@packsmith/design-engine/preview3d';
import { sheetSvg } from '@packsmith/editor';
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { apiCall } from '../../../api/client';
import { uploadPrepared } from '../../../api/upload';
import { useUiStore } from '../../../stores/ui.store';
import type { EditorStore } from '../../editor/editor.store';
import { svgToCanvas } from '../../editor/rasterize';
import { fitSnapshot } from '../snapshot-image';
import { facePlans } from './document-faces';
import Preview3D from './Preview3D';

/** How often the 3D faces follow the edits at most. */
export const PREVIEW_THROTTLE_MS = 500;
/** Sheet resolution the faces are cut from, px per mm. */
const SHEET_PX_PER_MM = 4;
const MAX_FACE_PX = 2048;

type Vec2 = readonly [number, number];

/** The face images of the document: the sheet drawn once, each face cut from it through the fold's uv. */
async function documentFaces(doc: EditorDocument, model: FoldedModel): Promise<Record<string, string>> {
  const b = doc.dieline.bleed_mm;
  const sheetW = doc.dieline.size.width + 2 * b;
  const sheetH = doc.dieline.size.height + 2 * b;
  const k = Math.min(SHEET_PX_PER_MM, 4096 / Math.max(sheetW, sheetH));
  const sheet = await svgToCanvas(sheetSvg(doc), sheetW * k, sheetH * k);
  const out: Record<string, string> = {};
  for (const plan of facePlans(doc, model)) {
    const s = Math.min(SHEET_PX_PER_MM, MAX_FACE_PX / Math.max(plan.widthMm, plan.heightMm));
    const W = Math.max(2, Math.round(plan.widthMm * s));
    const H = Math.max(2, Math.round(plan.heightMm * s));
    const canvas = document.createElement('canvas');
    canvas.width = W;
    canvas.height = H;
    const ctx = canvas.getContext('2d');
    if (!ctx) continue;
    for (const p of plan.panels) {
      ctx.save();
      ctx.beginPath();
      p.clip.forEach(([u, v]: Vec2, i) => (i === 0 ? ctx.moveTo(u * W, v * H) : ctx.lineTo(u * W, v * H)));
      ctx.closePath();
      ctx.clip();
      const m = p.toUv;
      ctx.setTransform(m.a * W, m.b * H, m.c * W, m.d * H, m.e * W, m.f * H);
      // The sheet canvas spans the viewBox from −bleed, k px per mm.
      ctx.drawImage(sheet, -b, -b, sheetW, sheetH);
      ctx.restore();
    }
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (blob) out[plan.face] = URL.createObjectURL(blob);
  }
  return out;
}

/** The main background colour of the document (the front's background layer), for structural panels. */
function backgroundOf(doc: EditorDocument): string {
  const front = doc.dieline.panels.find((p) => p.role === 'front');
  const bg = doc.panels.find((p) => p.panel_id === front?.id)?.layers.find((l) => l.kind === 'background');
  return bg?.kind === 'background' && bg.fill.type === 'colour' ? bg.fill.colour : '#ffffff';
}

/**
 * The editor's live 3D (issue 17): the mockup studio's fold of this box type dressed in the
 * document as it is edited (redrawn at most every PREVIEW_THROTTLE_MS), with open and close,
 * orbit, material and a snapshot stored as a result of the editor project.
 */
export default function DocumentPreview3D({ store, projectId, onClose }: { store: EditorStore; projectId: string; onClose(): void }) {
  const doc = useStore(store, (s) => s.editor?.doc ?? null);
  const boxId = doc?.box.id ?? 0;
  const [faces, setFaces] = useState<Record<string, string>>({});
  /** How many times the faces were redrawn from the document (browser tests follow it). */
  const [drawn, setDrawn] = useState(0);
  const [material, setMaterial] = useState<MaterialType>(() => BOX_TYPES.find((b) => b.id === boxId)?.material ?? 'WHITE_BOARD');
  const [state, setState] = useState<'drawing' | 'ready' | 'unsupported' | 'failed'>('drawing');
  const [snapshot, setSnapshot] = useState<{ busy: boolean; url: string | null; error: string | null }>({ busy: false, url: null, error: null });
  const last = useRef(0);
  const showMessage = useUiStore((s) => s.showMessage);

  useEffect(() => {
    if (!doc) return;
    let model: ReturnType<typeof previewModel>;
    try {
      model = previewModel(doc.box.id);
    } catch {
      setState('unsupported');
      return;
    }
    if (model.kind !== 'folded') {
      setState('unsupported');
      return;
    }
    let live = true;
    const wait = Math.max(0, last.current + PREVIEW_THROTTLE_MS - Date.now());
    const timer = setTimeout(() => {
      last.current = Date.now();
      documentFaces(doc, model).then(
        (next) => {
          if (!live) return Object.values(next).forEach((u) => URL.revokeObjectURL(u));
          setFaces((prev) => {
            // The old images go once the new ones are in (the preview swaps without a blank frame).
            setTimeout(() => Object.values(prev).forEach((u) => URL.revokeObjectURL(u)), 2000);
            return next;
          });
          setDrawn((n) => n + 1);
          setState('ready');
        },
        () => live && setState('failed'),
      );
    }, wait);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [doc]);

  const save = async (png: Blob) => {
    setSnapshot({ busy: true, url: null, error: null });
    try {
      const uploaded = await uploadPrepared(await fitSnapshot(png));
      const answer = await apiCall(mockupCalls.snapshot, { project_id: projectId, image_url: uploaded.url });
      setSnapshot({ busy: false, url: answer.image_url, error: null });
      showMessage('Snapshot saved with this project’s results.', 'success');
    } catch (e) {
      setSnapshot({ busy: false, url: null, error: e instanceof Error ? e.message : 'The snapshot could not be saved.' });
    }
  };

  return (
    <div data-testid="editor-3d" data-faces-state={state} data-faces={Object.keys(faces).sort().join(',')} data-faces-drawn={drawn}>
      <div className="mb-2 flex items-center justify-between">
        <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-500">3D preview</h2>
        <button type="button" className="rounded px-2 text-sm text-slate-500 hover:bg-slate-100" onClick={onClose} aria-label="Close the 3D preview">
          ×
        </button>
      </div>
      {state === 'unsupported' && (
        <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-600">This pack is not folded from a flat sheet: see it in 3D in the mockup studio.</p>
      )}
      {state === 'failed' && (
        <p role="alert" className="rounded-lg bg-rose-50 p-3 text-sm text-rose-700">
          The 3D preview could not draw this design.
        </p>
      )}
      {state !== 'unsupported' && doc && (
        <Preview3D
          boxId={boxId}
          faces={faces}
          background={backgroundOf(doc)}
          material={material}
          onMaterialChange={setMaterial}
          onSnapshot={(png) => void save(png)}
          className="aspect-square w-full"
        />
      )}
      {snapshot.busy && (
        <p className="mt-2 text-xs text-slate-500" role="status">
          Saving the snapshot…
        </p>
      )}
      {snapshot.error && (
        <p className="mt-2 text-xs text-rose-600" role="alert">
          {snapshot.error}
        </p>
      )}
      {snapshot.url && (
        <a className="mt-2 block text-xs text-violet-700 underline" href={snapshot.url} target="_blank" rel="noreferrer">
          Open the snapshot
        </a>
      )}
    </div>
  );
}
