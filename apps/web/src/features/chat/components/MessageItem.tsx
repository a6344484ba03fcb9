import type { ChatMessage } from '@packsmith/contracts';
import { useProjectStore } from '../../../stores/project.store';
import { boxLabel } from '../box-rules';
import { useChatController, useChatState } from '../chat-context';
import { answerImages, answerOf, boxOptionsOf, briefOf, recommendOf, recordIdOf, suggestionsOf } from '../chat-data';
import { BoxOptionCards } from './BoxOptionCards';
import { BriefSummary } from './BriefSummary';
import { AssistantBubble, AssistantRow } from './Bubbles';
import { DesignGrid } from './DesignGrid';
import { GenerationCard } from './GenerationCard';
import { CheckIcon, RetryIcon, SparkleIcon } from './icons';
import { LazyImage } from './LazyImage';
import { RecommendChips } from './RecommendChips';
import { SuggestionChips } from './SuggestionChips';
import { PhotoshootMessage, isPhotoshootMessage } from '../../photoshoot/components/PhotoshootMessage';
import { MockupMessage, isMockupMessage } from '../../mockup/components/MockupMessage';
import { QuotationMessage, isQuotationMessage } from '../../quotation/components/QuotationMessage';

function UserMessage({ m }: { m: ChatMessage }) {
  const chat = useChatController();
  return (
    <div className="flex flex-col items-end gap-2" data-testid="chat-message" data-role="user" data-kind={m.content.type}>
      {m.reference_img && (
        <button
          type="button"
          onClick={() => chat.openPreview([m.reference_img ?? ''], 0)}
          aria-label="Open the reference image"
          className="overflow-hidden rounded-xl border border-slate-200 shadow-sm"
        >
          <LazyImage src={m.reference_img} alt="Reference image" className="h-28 w-28" />
        </button>
      )}
      <div className="max-w-[85%] whitespace-pre-line break-words rounded-2xl rounded-tr-md bg-violet-600 px-4 py-2.5 text-[0.95rem] leading-relaxed text-white shadow-sm">
        {m.content.message}
      </div>
    </div>
  );
}

/** The brief changed: a quiet line, not a bubble. */
function BriefUpdatedLine({ m }: { m: ChatMessage }) {
  const brief = briefOf(m);
  const parts = brief ? [brief.brand, brief.product, boxLabel(brief.box[0])].filter((p) => p !== '') : [];
  return (
    <div className="flex items-center justify-center gap-2 text-xs text-slate-500" data-testid="chat-message" data-kind="updateOptions" data-role="assistant">
      <span className="h-px w-8 bg-slate-200" aria-hidden="true" />
      <CheckIcon className="h-3.5 w-3.5 text-emerald-600" />
      <span>Brief updated{parts.length > 0 ? ` · ${parts.join(' · ')}` : ''}</span>
      <span className="h-px w-8 bg-slate-200" aria-hidden="true" />
    </div>
  );
}

function SummaryCard({ m }: { m: ChatMessage }) {
  const chat = useChatController();
  const brief = briefOf(m);
  const canGenerate = useProjectStore((s) => s.product !== '' || s.brand !== '' || s.boxId > 0);
  const busy = useChatState((s) => s.sending || Object.keys(s.generations).length > 0 || s.status !== 'ready');
  if (!brief) return null;
  return (
    <div className="max-w-md overflow-hidden rounded-2xl border border-violet-200 bg-white shadow-sm" data-testid="summary-card">
      <div className="flex items-center gap-2 border-b border-violet-100 bg-gradient-to-r from-violet-50 to-fuchsia-50 px-4 py-2.5">
        <SparkleIcon className="h-4 w-4 text-violet-600" filled />
        <p className="text-sm font-semibold text-slate-900">Your design brief</p>
      </div>
      <div className="px-3 py-1">
        <BriefSummary brief={{ ...brief, box: boxLabel(brief.box[0]) }} dense />
      </div>
      {canGenerate && (
        <div className="border-t border-slate-100 px-4 py-3">
          <button type="button" className="btn-primary h-9 w-full text-sm" disabled={busy} onClick={() => void chat.generateDesigns()}>
            <SparkleIcon className="h-4 w-4" />
            Generate designs
          </button>
        </div>
      )}
    </div>
  );
}

function ErrorMessage({ m }: { m: ChatMessage }) {
  const chat = useChatController();
  const busy = useChatState((s) => s.sending || s.status !== 'ready');
  return (
    <AssistantRow testId="chat-message" kind="error">
      <div
        role="alert"
        className="w-fit max-w-full rounded-2xl rounded-tl-md border border-rose-200 bg-rose-50 px-4 py-3 text-[0.95rem] text-rose-900 shadow-sm sm:max-w-[85%]"
      >
        <p className="whitespace-pre-line break-words">{m.content.message || 'Something went wrong.'}</p>
        <button
          type="button"
          disabled={busy}
          onClick={() => void chat.retryMessage(m)}
          className="mt-2.5 inline-flex h-8 items-center gap-1.5 rounded-lg border border-rose-300 bg-white px-3 text-sm font-medium text-rose-700 hover:bg-rose-100 disabled:opacity-60"
        >
          <RetryIcon className="h-4 w-4" />
          Try again
        </button>
      </div>
    </AssistantRow>
  );
}

/** One message of the chat, drawn by its kind (SPEC §3 Chat message kinds). */
export function MessageItem({ m }: { m: ChatMessage }) {
  const chat = useChatController();
  const projectType = useChatState((s) => s.project?.type);
  if (m.role === 'user') return <UserMessage m={m} />;
  if (isPhotoshootMessage(m, projectType)) return <PhotoshootMessage m={m} />;
  if (isMockupMessage(m, projectType)) return <MockupMessage m={m} />;
  if (isQuotationMessage(m, projectType)) return <QuotationMessage m={m} />;
  const kind = m.content.type;
  if (kind === 'updateOptions') return <BriefUpdatedLine m={m} />;
  if (kind === 'error') return <ErrorMessage m={m} />;
  const text = m.content.message.trim();

  if (kind === 'answer') {
    const answer = answerOf(m);
    const images = answer ? answerImages(answer) : [];
    const recordId = recordIdOf(m) ?? (answer?.record_id || null);
    return (
      <AssistantRow testId="chat-message" kind={kind}>
        {text && <AssistantBubble>{text}</AssistantBubble>}
        {m.isloading && recordId ? (
          <GenerationCard recordId={recordId} />
        ) : (
          images.length > 0 && (
            <DesignGrid
              images={images}
              msgId={m.msg_id}
              printFiles={images.map((url) => answer?.designs.find((d) => d.image_url === url)?.dieline_url ?? '')}
            />
          )
        )}
      </AssistantRow>
    );
  }

  const options = boxOptionsOf(m);
  const recommend = recommendOf(m);
  const suggestions = suggestionsOf(m);
  const images = m.data.imageUrls ?? [];
  return (
    <AssistantRow testId="chat-message" kind={kind}>
      {text && <AssistantBubble>{text}</AssistantBubble>}
      {suggestions.length > 0 && <SuggestionChips items={suggestions} msgId={m.msg_id} />}
      {options && options.length > 0 && <BoxOptionCards options={options} />}
      {recommend && (recommend.styles.length > 0 || recommend.colors.length > 0) && <RecommendChips data={recommend} />}
      {kind === 'chat_summary' && <SummaryCard m={m} />}
      {kind !== 'box' && kind !== 'recommend' && kind !== 'chat_summary' && images.length > 0 && (
        <ul className="grid max-w-md grid-cols-2 gap-2" aria-label="Images">
          {images.map((url, i) => (
            <li key={url}>
              <button
                type="button"
                className="block w-full overflow-hidden rounded-xl border border-slate-200"
                onClick={() => chat.openPreview(images, i)}
                aria-label={`Open image ${i + 1} full screen`}
              >
                <LazyImage src={url} alt={`Image ${i + 1}`} className="aspect-square" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </AssistantRow>
  );
}
