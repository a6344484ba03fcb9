import { ComingPanel, PageFrame } from '../../layout/PageFrame';

const POINTS = [
  'Search factories by city',
  'Box types and materials each factory makes',
  'Minimum order quantities where known',
  'Contact details to request samples',
] as const;

function FactoriesPage() {
  return (
    <PageFrame route="factories" description="Find packaging manufacturers by city, with what they make and how to contact them.">
      <ComingPanel title="What the directory shows" points={POINTS}>
        <p className="text-sm text-slate-500">This tool's workspace is being built and opens on this page soon.</p>
      </ComingPanel>
    </PageFrame>
  );
}

export { FactoriesPage as Component };
