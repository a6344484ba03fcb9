import { ComingPanel, PageFrame } from '../../layout/PageFrame';

const POINTS = [
  'Check the dieline and bleed of your design',
  'Choose a material: white board, kraft, plastic, metal or glass',
  'Pick quantities and finishes',
  'Send print-ready files to a factory from the directory',
] as const;

function PrintPage() {
  return (
    <PageFrame
      route="print"
      description="Turn a finished design into printed boxes: check the dieline, pick material and finish, and send the files to a factory."
    >
      <ComingPanel title="What you can do here" points={POINTS}>
        <p className="text-sm text-slate-500">This tool's workspace is being built and opens on this page soon.</p>
      </ComingPanel>
    </PageFrame>
  );
}

export { PrintPage as Component };
