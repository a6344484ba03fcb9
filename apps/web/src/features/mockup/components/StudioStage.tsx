import type { ReactNode } from 'react';
import type { MockupTemplateInfo } from '@packsmith/contracts';
import { LazyImage } from '../../chat/components/LazyImage';
import { BeforeAfter } from '../../photoshoot/components/BeforeAfter';
import { useTemplateInfo } from '../queries';
import { LivePreview } from './LivePreview';

interface StudioStageProps {
  template: MockupTemplateInfo;
  /** A result shown on the stage (with its empty scene beside it when its template is known), or null for the empty scene. */
  shown: { url: string; templateId: string | null } | null;
  /** Opens the image editor on the result shown. */
  onEdit?(url: string): void;
  onShowScene(): void;
}

function Frame({ ratio, children }: { ratio: number; children: ReactNode }) {
  return (
    <div className="mx-auto w-full" style={{ maxWidth: `min(100%, ${(34 * ratio).toFixed(3)}rem)` }}>
      <div className="relative w-full overflow-hidden rounded-2xl border border-slate-200 bg-slate-100" style={{ aspectRatio: String(ratio) }}>
        {children}
      </div>
    </div>
  );
}

/**
 * The stage: the template's empty scene, large; or a result beside the empty scene it was made on
 * (a before/after slider: drag, tap or arrow keys).
 */
export function StudioStage({ template, shown, onShowScene, onEdit }: StudioStageProps) {
  const ratio = template.width > 0 && template.height > 0 ? template.width / template.height : 1;
  const otherId = shown?.templateId && shown.templateId !== template.id ? shown.templateId : null;
  const other = useTemplateInfo(otherId);
  const before = shown?.templateId ? (otherId ? (other.data?.scene_url ?? null) : template.scene_url) : null;

  if (shown && before) {
    return (
      <div data-testid="stage" data-showing="compare">
        <BeforeAfter before={before} after={shown.url} beforeLabel="Empty scene" afterLabel="Your mockup" ratio={ratio} transparent={false} maxHeightRem={34} />
        <div className="mt-2 flex flex-wrap justify-center gap-x-5 gap-y-1">
          <button type="button" className="text-sm font-medium text-violet-700 underline underline-offset-2" onClick={onShowScene}>
            Show the empty scene
          </button>
          {onEdit && (
            <button
              type="button"
              className="text-sm font-medium text-violet-700 underline underline-offset-2"
              onClick={() => onEdit(shown.url)}
              data-testid="stage-edit"
            >
              Edit this image
            </button>
          )}
        </div>
      </div>
    );
  }
  if (shown) {
    return (
      <div data-testid="stage" data-showing="result">
        <Frame ratio={ratio}>
          <LazyImage src={shown.url} alt="Your mockup" fit="contain" className="absolute inset-0" />
        </Frame>
        <div className="mt-2 flex flex-wrap justify-center gap-x-5 gap-y-1">
          <button type="button" className="text-sm font-medium text-violet-700 underline underline-offset-2" onClick={onShowScene}>
            Show the empty scene
          </button>
          {onEdit && (
            <button
              type="button"
              className="text-sm font-medium text-violet-700 underline underline-offset-2"
              onClick={() => onEdit(shown.url)}
              data-testid="stage-edit"
            >
              Edit this image
            </button>
          )}
        </div>
      </div>
    );
  }
  return (
    <div data-testid="stage" data-showing="scene">
      <Frame ratio={ratio}>
        <LazyImage src={template.scene_url} alt={`The empty template: ${template.name}`} fit="contain" className="absolute inset-0" />
        <LivePreview template={template} />
      </Frame>
    </div>
  );
}
