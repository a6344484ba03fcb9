import { countText } from './IdeaTile';
import { HeartIcon } from './icons';
import { useLikeIdea } from './idea-queries';
import { errorText } from './format';

/** Like an idea or undo the like; the count changes at once and the server's answer then stands. */
export function LikeButton({ id, liked, count }: { id: string; liked: boolean; count: number }) {
  const like = useLikeIdea(id);
  return (
    <div>
      <button
        type="button"
        aria-pressed={liked}
        className={`btn-secondary h-10 px-4 ${liked ? 'border-rose-300 text-rose-600' : ''}`}
        onClick={() => like.mutate()}
        disabled={like.isPending}
      >
        <HeartIcon filled={liked} className="h-4 w-4" />
        {liked ? 'Liked' : 'Like'}
        <span className="tabular-nums text-slate-500" aria-label={`${count} likes`}>
          {countText(count)}
        </span>
      </button>
      {like.isError && (
        <p role="alert" className="field-error">
          Your like could not be saved. {errorText(like.error)}
        </p>
      )}
    </div>
  );
}
