import { UploadDropZone } from '../../features/upload/UploadDropZone';
import { ComingPanel, PageFrame } from '../../layout/PageFrame';
import { usePhotoShootStore } from '../../stores/photo-shoot.store';

function PhotoShootPage() {
  return (
    <PageFrame route="photoshoot" description="Upload a photo of your product. We cut it out and place it on recommended studio backgrounds, or on one you choose.">
      <div className="grid gap-8 lg:grid-cols-[1.2fr_1fr]">
        <section aria-label="Your product photo">
          <UploadDropZone label="Upload your product photo" onUploaded={(f) => usePhotoShootStore.getState().patchInfo({ photoUrl: f.url })} />
        </section>
        <ComingPanel title="After the upload" points={['The product is cut out from its background', 'Backgrounds are recommended for it', 'Move, scale and rotate it on the scene', 'Download the finished shot']}>
          <p className="text-sm text-slate-500">Cut-out and scenes are being built and open on this page soon.</p>
        </ComingPanel>
      </div>
    </PageFrame>
  );
}

export { PhotoShootPage as Component };
