import { IdeaTile } from './IdeaTile';
import { useSimilarIdeas } from './idea-queries';

/** Ideas most like this one (same category, shared tags, close palette), as a row of tiles. */
export function SimilarIdeas({ id, enabled }: { id: string; enabled: boolean }) {
  const similar = useSimilarIdeas(id, enabled);
  const list = (similar.data?.list ?? []).filter((i) => i.project_id !== id);
  if (similar.isError || (similar.isSuccess && list.length === 0)) return null;
  return (
    <section aria-label="Similar ideas" className="mt-14">
      <h2 className="mb-4 text-xl font-semibold text-slate-900">Similar ideas</h2>
      {similar.isPending ? (
        <p role="status" className="text-sm text-slate-500">
          Finding similar ideas…
        </p>
      ) : (
        <div className="grid grid-cols-2 items-start gap-4 sm:grid-cols-4">
          {list.map((idea) => (
            <IdeaTile key={idea.project_id} idea={idea} />
          ))}
        </div>
      )}
    </section>
  );
}
