import type { ChatMessage } from '@packsmith/contracts';
import { useChatController, useChatState } from '../../chat/chat-context';
import { AssistantBubble, AssistantRow } from '../../chat/components/Bubbles';
import { CheckIcon, RetryIcon } from '../../chat/components/icons';
import { LazyImage } from '../../chat/components/LazyImage';
import { photoshootEffectOf } from '../photoshoot-data';
import type { Scene } from '../photoshoot.store';
import { useOptionalShootController, useOptionalShootState } from '../shoot-context';
import { CHECKERBOARD } from './BeforeAfter';
import { PhotoLikeButtons } from './PhotoLikeButtons';
import { useRecordProgress } from './TaskProgress';

const NO_SCENES: Readonly<Record<string, Scene>> = {};

const KINDS: ReadonlySet<string> = new Set(['photoshootHello', 'photoshootTaskStart', 'photoshootCutImage', 'photoshootCutImageError', 'photoshootRecommend']);

/** Kinds this renderer draws: the photo shoot's own, and answers and errors in a photo shoot chat. */
export function isPhotoshootMessage(m: ChatMessage, projectType: string | undefined): boolean {
  return KINDS.has(m.content.type) || (projectType === 'photoshoot' && !m.isloading && (m.content.type === 'answer' || m.content.type === 'error'));
}

function TaskLine({ recordId, task, text }: { recordId: string; task: 'cutout' | 'composite'; text: string }) {
  const progress = useRecordProgress(recordId);
  const label = text || (task === 'cutout' ? 'Cutting out your product…' : 'Shooting your product on the scene…');
  return (
    <div className="flex items-center justify-center gap-2 text-xs text-slate-500">
      <span className="h-px w-6 bg-slate-200" aria-hidden="true" />
      <span>
        {label}
        {progress === null ? '' : ` ${Math.round(progress)}%`}
      </span>
      <span className="h-px w-6 bg-slate-200" aria-hidden="true" />
    </div>
  );
}

function Retry({ label, onClick }: { label: string; onClick(): void }) {
  const busy = useChatState((s) => s.sending || s.status !== 'ready');
  return (
    <button
      type="button"
      disabled={busy}
      onClick={onClick}
      className="mt-2.5 inline-flex h-8 items-center gap-1.5 rounded-lg border border-rose-300 bg-white px-3 text-sm font-medium text-rose-700 hover:bg-rose-100 disabled:opacity-60"
    >
      <RetryIcon className="h-4 w-4" />
      {label}
    </button>
  );
}

/** The scenes a photoshootRecommend message offers: buttons on the photo shoot screen, pictures elsewhere. */
function RecommendedScenes({ urls, onScreen }: { urls: string[]; onScreen: boolean }) {
  const shoot = useOptionalShootController();
  const chosen = useOptionalShootState((s) => s.photoShootInfo.backgroundUrl, '');
  const scenes = useOptionalShootState((s) => s.scenes, NO_SCENES);
  return (
    <ul className="grid max-w-md grid-cols-3 gap-2" aria-label="Recommended scenes">
      {urls.map((url, i) => {
        const scene = scenes[url];
        const selected = url === chosen;
        if (!onScreen || !shoot) {
          return (
            <li key={url}>
              <LazyImage
                src={scene?.thumbnailUrl ?? url}
                alt={scene?.name ?? `Recommended scene ${i + 1}`}
                className="aspect-square rounded-xl border border-slate-200"
                retryable={false}
              />
            </li>
          );
        }
        return (
          <li key={url}>
            <button
              type="button"
              aria-pressed={selected}
              aria-label={`Use scene ${scene?.name ?? i + 1}`}
              onClick={() => shoot.chooseScene(url)}
              className={`relative block w-full overflow-hidden rounded-xl border ${selected ? 'border-violet-600 ring-2 ring-violet-600' : 'border-slate-200 hover:border-violet-300'}`}
            >
              <LazyImage src={scene?.thumbnailUrl ?? url} alt="" className="aspect-square" retryable={false} />
              {selected && (
                <span className="absolute right-1 top-1 flex h-5 w-5 items-center justify-center rounded-full bg-violet-600 text-white" aria-hidden="true">
                  <CheckIcon className="h-3.5 w-3.5" />
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function ResultPhotos({ urls }: { urls: string[] }) {
  const chat = useChatController();
  return (
    <ul className="grid max-w-md grid-cols-2 gap-2" aria-label="Photos">
      {urls.map((url, i) => (
        <li key={url} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
          <button type="button" className="block w-full" onClick={() => chat.openPreview(urls, i)} aria-label={`Open photo ${i + 1} full screen`}>
            <LazyImage src={url} alt={`Photo ${i + 1}`} className="aspect-square" />
          </button>
          <div className="border-t border-slate-100 px-1 py-0.5">
            <PhotoLikeButtons url={url} label={`photo ${i + 1}`} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** One photo shoot message in the chat (SPEC §3 kinds photoshootHello … photoshootTaskStart, answer, error). */
export function PhotoshootMessage({ m }: { m: ChatMessage }) {
  const shoot = useOptionalShootController();
  const cutRecordId = useOptionalShootState((s) => s.cutRecordId, null);
  // Actions act on the photo shoot screen; elsewhere (the /chat drawer) the messages only show.
  const onScreen = useOptionalShootState((s) => s.projectId !== null && s.projectId === m.project_id, false);
  const effect = photoshootEffectOf(m);
  const text = m.content.message.trim();
  const kind = m.content.type;

  if (effect?.kind === 'taskStart') {
    return (
      <div data-testid="chat-message" data-role="assistant" data-kind={kind}>
        <TaskLine recordId={effect.recordId} task={effect.task} text={text} />
      </div>
    );
  }

  if (effect?.kind === 'cutError' || effect?.kind === 'error') {
    const isCut = effect.kind === 'cutError' || (effect.recordId !== null && effect.recordId === cutRecordId);
    return (
      <AssistantRow testId="chat-message" kind={kind}>
        <div
          role="alert"
          className="w-fit max-w-full rounded-2xl rounded-tl-md border border-rose-200 bg-rose-50 px-4 py-3 text-[0.95rem] text-rose-900 shadow-sm sm:max-w-[85%]"
        >
          <p className="whitespace-pre-line break-words">{effect.message}</p>
          {onScreen && shoot && <Retry label="Try again" onClick={() => void (isCut ? shoot.retryCutout() : shoot.generateShoot())} />}
        </div>
      </AssistantRow>
    );
  }

  return (
    <AssistantRow testId="chat-message" kind={kind}>
      {text && <AssistantBubble>{text}</AssistantBubble>}
      {effect?.kind === 'cutout' && (
        <div className="h-32 w-32 overflow-hidden rounded-xl border border-slate-200" style={CHECKERBOARD}>
          <img src={effect.transparentUrl} alt="Your product, cut out" className="h-full w-full object-contain" />
        </div>
      )}
      {effect?.kind === 'recommend' && effect.urls.length > 0 && <RecommendedScenes urls={effect.urls} onScreen={onScreen} />}
      {effect?.kind === 'results' && effect.urls.length > 0 && <ResultPhotos urls={effect.urls} />}
    </AssistantRow>
  );
}
