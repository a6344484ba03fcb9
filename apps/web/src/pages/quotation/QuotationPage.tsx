import { ComingPanel, PageFrame } from '../../layout/PageFrame';

const POINTS = [
  'Start with the product; it stays first in your answers',
  'Box size and material set the blank and the board cost',
  'Print colours and finishes add to the unit price',
  'Quantity breaks show how the price falls as you order more',
] as const;

function QuotationPage() {
  return (
    <PageFrame
      route="aiquotation"
      description="Answer a few questions about your box — product, size, material, print and quantity — and get a price estimate in about a minute."
    >
      <ComingPanel title="How a quote is built" points={POINTS}>
        <p className="text-sm text-slate-500">This tool's workspace is being built and opens on this page soon.</p>
      </ComingPanel>
    </PageFrame>
  );
}

export { QuotationPage as Component };
