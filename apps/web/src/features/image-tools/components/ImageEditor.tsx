import { ImageCanvas } from './ImageCanvas';
import { KeywordsSection } from './KeywordsSection';
import { StepStrip } from './StepStrip';
import { ToolBar } from './ToolBar';
import { ToolOptions } from './ToolOptions';
import { ToolStatus } from './ToolProgress';
import { useImageToolKeys } from './useImageToolKeys';

/**
 * The image editor (inside an ImageToolsProvider): the image large with the active tool's layer, the
 * steps toolbar, the tool's inputs, progress and errors, the steps (Back, Forward, Download) and the
 * current step's keywords.
 * Two columns on wide screens, one on phones.
 */
export function ImageEditor({ onFindTemplates }: { onFindTemplates?(keyword: string): void }) {
  useImageToolKeys();
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(0,1fr)_19rem]" data-testid="image-editor">
      <div className="min-w-0 space-y-3">
        <ImageCanvas />
        <StepStrip />
      </div>
      <div className="min-w-0 space-y-4">
        <ToolBar />
        <ToolOptions />
        <ToolStatus />
        <KeywordsSection onFindTemplates={onFindTemplates} />
      </div>
    </div>
  );
}
