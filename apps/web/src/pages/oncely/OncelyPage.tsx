import { ComingPanel, PageFrame } from '../../layout/PageFrame';

const POINTS = [
  'Lifetime access for one payment',
  'Monthly credits for designs, photo shoots and mockups',
  'Every tool on the home page',
  'Redeem a code from the deal on this page',
] as const;

function OncelyPage() {
  return (
    <PageFrame route="oncely" description="A one-time offer for early supporters: lifetime access to Packsmith's design tools for a single payment.">
      <ComingPanel title="What the deal includes" points={POINTS}>
        <p className="text-sm text-slate-500">This tool's workspace is being built and opens on this page soon.</p>
      </ComingPanel>
    </PageFrame>
  );
}

export { OncelyPage as Component };
