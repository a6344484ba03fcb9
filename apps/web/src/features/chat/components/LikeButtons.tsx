import { useChatController, useChatState } from '../chat-context';
import { marksOf } from '../image-likes';
import { StarIcon, ThumbDownIcon, ThumbUpIcon } from './icons';

/** Like / dislike / best toggles of one design (aria-pressed; pressing again undoes). */
export function LikeButtons({ url, label, tone = 'light' }: { url: string; label: string; tone?: 'light' | 'dark' }) {
  const chat = useChatController();
  const likes = useChatState((s) => s.likes);
  const marks = marksOf(likes, url);
  const base = tone === 'dark' ? 'text-white/80 hover:bg-white/15 hover:text-white' : 'text-slate-500 hover:bg-slate-100 hover:text-slate-900';
  const btn = 'inline-flex h-8 w-8 items-center justify-center rounded-lg transition-colors';
  return (
    <div className="flex items-center gap-0.5" role="group" aria-label={`Rate ${label}`}>
      <button
        type="button"
        aria-label={`Like ${label}`}
        aria-pressed={marks.liked}
        title="Like"
        onClick={() => void chat.toggleImageLike(url, 'like')}
        className={`${btn} ${marks.liked ? 'text-violet-600' : base}`}
      >
        <ThumbUpIcon className="h-[18px] w-[18px]" filled={marks.liked} />
      </button>
      <button
        type="button"
        aria-label={`Dislike ${label}`}
        aria-pressed={marks.disliked}
        title="Dislike"
        onClick={() => void chat.toggleImageLike(url, 'dislike')}
        className={`${btn} ${marks.disliked ? 'text-rose-600' : base}`}
      >
        <ThumbDownIcon className="h-[18px] w-[18px]" filled={marks.disliked} />
      </button>
      <button
        type="button"
        aria-label={`Mark ${label} as best`}
        aria-pressed={marks.best}
        title="Best"
        onClick={() => void chat.toggleImageLike(url, 'best')}
        className={`${btn} ${marks.best ? 'text-amber-500' : base}`}
      >
        <StarIcon className="h-[18px] w-[18px]" filled={marks.best} />
      </button>
    </div>
  );
}
