import { ComingPanel, PageFrame } from '../../layout/PageFrame';

const POINTS = [
  'Enter serving size and nutrients per serving',
  'Values are rounded and % Daily Values computed for you',
  'Choose a label layout',
  'Download it as SVG, PNG or PDF',
] as const;

function NutritionLabelPage() {
  return (
    <PageFrame
      route="nutritionLabel"
      description="Enter your recipe's nutrients per serving and get a nutrition facts label, rounded by the labelling rules, ready to place on your packaging."
    >
      <ComingPanel title="How the generator works" points={POINTS}>
        <p className="text-sm text-slate-500">This tool's workspace is being built and opens on this page soon.</p>
      </ComingPanel>
    </PageFrame>
  );
}

export { NutritionLabelPage as Component };
