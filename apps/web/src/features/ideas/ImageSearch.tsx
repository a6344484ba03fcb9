import { useMutation } from '@tanstack/react-query';
import { ideaCalls, type UploadedFile } from '@packsmith/contracts';
import { apiCall } from '../../api/client';
import { UploadDropZone } from '../upload/UploadDropZone';
import { IdeaGrid } from './IdeaGrid';
import { tagLabel } from './filters';
import { IDEA_GRID_PAGE_SIZE } from './idea-queries';

/**
 * Search by image: an image uploaded the usual way (checked and scaled in the browser), then the
 * ideas closest to its palette and keywords, with the palette the server read from it.
 */
export function ImageSearch() {
  const similar = useMutation({
    mutationFn: (file: UploadedFile) => apiCall(ideaCalls.similarImage, { image_url: file.url, page_size: IDEA_GRID_PAGE_SIZE }, { silent: true }),
  });
  const data = similar.data;
  return (
    <div className="space-y-6">
      <UploadDropZone label="Drop an image to find ideas like it" onUploaded={(f) => similar.mutate(f)} />
      {(similar.isPending || similar.isError || data) && (
        <div>
          {data && (
            <div className="mb-4 space-y-3">
              <h2 className="text-lg font-semibold text-slate-900" aria-live="polite">
                {data.list.length === 1 ? '1 idea' : `${data.list.length} ideas`} like your image
              </h2>
              {data.palette.length > 0 && (
                <ul aria-label="Your image's palette" className="flex flex-wrap gap-3">
                  {data.palette.map((hex) => (
                    <li key={hex} className="flex items-center gap-1.5 text-xs text-slate-600">
                      <span aria-hidden="true" className="h-6 w-6 rounded-md border border-slate-200" style={{ backgroundColor: hex }} />
                      <span className="font-mono">{hex}</span>
                    </li>
                  ))}
                </ul>
              )}
              {data.keywords.length > 0 && <p className="text-sm text-slate-600">Seen in it: {data.keywords.map(tagLabel).join(', ')}</p>}
            </div>
          )}
          <IdeaGrid
            label="Ideas like your image"
            ideas={data?.list ?? []}
            total={data?.list.length}
            status={similar.isPending ? 'pending' : similar.isError ? 'error' : 'success'}
            error={similar.error}
            onRetry={() => similar.variables && similar.mutate(similar.variables)}
            hasNextPage={false}
            isFetchingNextPage={false}
            fetchNextPage={() => {}}
            empty={<p className="text-sm text-slate-600">No idea is close to this image yet. Try another, or search by words above.</p>}
          />
        </div>
      )}
    </div>
  );
}
