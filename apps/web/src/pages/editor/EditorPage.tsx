import { ComingPanel, PageFrame } from '../../layout/PageFrame';

const POINTS = [
  'Erase and inpaint parts of an image',
  'Remove or replace the background',
  'Upscale for print-quality exports',
  'Add text in your brand fonts',
] as const;

function EditorPage() {
  return (
    <PageFrame route="editor" description="Edit packaging images with AI: erase objects, replace backgrounds, upscale and add text, then export.">
      <ComingPanel title="Tools in the editor" points={POINTS}>
        <p className="text-sm text-slate-500">This tool's workspace is being built and opens on this page soon.</p>
      </ComingPanel>
    </PageFrame>
  );
}

export { EditorPage as Component };
