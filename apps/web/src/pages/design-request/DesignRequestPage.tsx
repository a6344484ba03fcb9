import { ComingPanel, PageFrame } from '../../layout/PageFrame';

const POINTS = [
  'Your product, brand and target market',
  'The packaging type and size you have in mind',
  'Style references and must-have elements',
  'Your deadline and how to reach you',
] as const;

function DesignRequestPage() {
  return (
    <PageFrame
      route="designRequirements"
      description="Prefer a human designer? Tell us about your product, brand and deadline, and our design team will reply by email."
    >
      <ComingPanel title="What the request asks for" points={POINTS}>
        <p className="text-sm text-slate-500">This tool's workspace is being built and opens on this page soon.</p>
      </ComingPanel>
    </PageFrame>
  );
}

export { DesignRequestPage as Component };
