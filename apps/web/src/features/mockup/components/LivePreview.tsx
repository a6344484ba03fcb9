import { useEffect, useMemo, useRef } from 'react';
import type { MockupTemplateInfo } from '@packsmith/contracts';
import { PRINT_MATERIAL, hexColour, planSurfaces, renderPreview, type PreviewLayer } from '../live-preview';
import { useStudioState } from '../mockup-context';
import { DEFAULT_PLACEMENT } from '../placement';
import { useDesignFaces } from '../queries';
import { usePreviewImages, usePreviewMaps } from '../use-live-preview';

/**
 * The design on the empty scene as it is placed, redrawn at every change (a drag or slider in flight
 * too): the template's own maps applied in the browser, so a placement is judged before a render is
 * paid for. Nothing is drawn until the maps and the design are read; the scene shows underneath.
 */
export function LivePreview({ template }: { template: MockupTemplateInfo }) {
  const design = useStudioState((s) => s.design);
  const placement = useStudioState((s) => s.livePlacement ?? s.edit.placement);
  const material = useStudioState((s) => s.edit.material ?? template.material);
  const ours = design !== null && (design.source === 'design' || design.source === 'link');
  const faces = useDesignFaces(ours ? design.url : null);
  const { maps } = usePreviewMaps(template);
  const designFaces = ours && faces.data && faces.data.box_id > 0 ? faces.data.faces : null;
  const background = faces.data?.background ?? '#ffffff';
  const plan = useMemo(
    () => (design && (!ours || !faces.isPending) ? planSurfaces(template.uv_data.surfaces, { url: design.url, faces: designFaces, background }) : []),
    [design, ours, faces.isPending, designFaces, background, template.uv_data.surfaces],
  );
  const images = usePreviewImages(plan.flatMap((p) => ('url' in p ? [p.url] : [])));
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawn = plan.some((p) => 'url' in p && images[p.url]);

  useEffect(() => {
    const el = canvas.current;
    if (!el || !maps || !drawn) return;
    const frame = requestAnimationFrame(() => {
      const ctx = el.getContext('2d');
      if (!ctx) return;
      const layers: PreviewLayer[] = [];
      for (const p of plan) {
        const area = template.uv_data.surfaces[p.surface]?.design_area;
        if (!area) continue;
        if ('colour' in p) layers.push({ surface: p.surface, colour: hexColour(p.colour) });
        else {
          const image = images[p.url];
          if (image) layers.push({ surface: p.surface, image, area, placement: p.placed ? placement : DEFAULT_PLACEMENT });
        }
      }
      const out = ctx.createImageData(maps.width, maps.height);
      renderPreview(maps, layers, PRINT_MATERIAL[material], out.data);
      ctx.putImageData(out, 0, 0);
    });
    return () => cancelAnimationFrame(frame);
  }, [maps, plan, images, placement, material, drawn, template.uv_data.surfaces]);

  if (!maps || !drawn) return null;
  return (
    <>
      <canvas
        ref={canvas}
        width={maps.width}
        height={maps.height}
        role="img"
        aria-label="Live preview: your design on the template as it is placed"
        className="absolute inset-0 h-full w-full"
        data-testid="live-preview"
      />
      <span className="pointer-events-none absolute left-2 top-2 rounded-full bg-slate-900/70 px-2 py-0.5 text-[0.7rem] font-medium text-white">
        Live preview · Generate for the full-size mockup
      </span>
    </>
  );
}
