import { useParams } from 'react-router';
import { ComingPanel, PageFrame } from '../../layout/PageFrame';

/** SPEC §3 mockup categories. */
const MOCKUP_CATEGORIES = [
  'Boxes',
  'Bottles & Jugs',
  'Food Packaging',
  'Pouches & Sachets & Bags',
  'Cans & Jars',
  'Tubes',
  'Containers & Cups & Bowls',
  'Others',
] as const;

function MockupPage() {
  const name = useParams()['*'] ?? '';
  return (
    <PageFrame
      route="aimockup"
      eyebrow={name ? decodeURIComponent(name) : undefined}
      description="Put your design on 3D and photo mockup templates. Erase, remove backgrounds, inpaint and generate scenes around it."
    >
      <ul className="mb-8 flex flex-wrap gap-2" aria-label="Mockup categories">
        {MOCKUP_CATEGORIES.map((c) => (
          <li key={c} className="chip">
            {c}
          </li>
        ))}
      </ul>
      <ComingPanel
        title="How mockups work"
        points={[
          'Pick a template from a category',
          'Upload your design or use one from a project',
          'Erase, remove the background or inpaint details',
          'Generate and download the result',
        ]}
      >
        <p className="text-sm text-slate-500">The mockup workspace is being built and opens on this page soon.</p>
      </ComingPanel>
    </PageFrame>
  );
}

export { MockupPage as Component };
