import { useChatController, useChatState } from '../../chat/chat-context';
import { StarIcon, ThumbUpIcon } from '../../chat/components/icons';

/** Like and best of one photo shoot result (aria-pressed; pressing again undoes). */
export function PhotoLikeButtons({ url, label, tone = 'light' }: { url: string; label: string; tone?: 'light' | 'dark' }) {
  const chat = useChatController();
  const liked = useChatState((s) => s.likes.like_list.includes(url));
  const best = useChatState((s) => s.likes.like_best === url);
  const base = tone === 'dark' ? 'text-white/80 hover:bg-white/15 hover:text-white' : 'text-slate-500 hover:bg-slate-100 hover:text-slate-900';
  const btn = 'inline-flex h-8 w-8 items-center justify-center rounded-lg transition-colors';
  return (
    <div className="flex items-center gap-0.5" role="group" aria-label={`Rate ${label}`}>
      <button
        type="button"
        aria-label={`Like ${label}`}
        aria-pressed={liked}
        title="Like"
        onClick={() => void chat.togglePhotoLike(url, 'like')}
        className={`${btn} ${liked ? 'text-violet-600' : base}`}
      >
        <ThumbUpIcon className="h-[18px] w-[18px]" filled={liked} />
      </button>
      <button
        type="button"
        aria-label={`Mark ${label} as best`}
        aria-pressed={best}
        title="Best"
        onClick={() => void chat.togglePhotoLike(url, 'best')}
        className={`${btn} ${best ? 'text-amber-500' : base}`}
      >
        <StarIcon className="h-[18px] w-[18px]" filled={best} />
      </button>
    </div>
  );
}
