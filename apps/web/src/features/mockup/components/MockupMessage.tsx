import type { ChatMessage } from '@packsmith/contracts';
import { AppLink } from '../../../components/AppLink';
import { useChatController, useChatState } from '../../chat/chat-context';
import { AssistantBubble, AssistantRow } from '../../chat/components/Bubbles';
import { RetryIcon } from '../../chat/components/icons';
import { LazyImage } from '../../chat/components/LazyImage';
import { useRecordProgress } from '../../photoshoot/components/TaskProgress';
import { useOptionalMockupController, useOptionalStudioState } from '../mockup-context';
import { mockupEffectOf } from '../mockup-data';
import { studioHref } from '../mockup-url';

const KINDS: ReadonlySet<string> = new Set(['mockupHandle', 'mockupGenerate', 'mockupCustom', 'mockupErase', 'mockupInpaint', 'mockupRemovebg']);

/** Kinds this renderer draws: the mockup's own, and errors in a mockup chat. */
export function isMockupMessage(m: ChatMessage, projectType: string | undefined): boolean {
  return KINDS.has(m.content.type) || (projectType === 'mockup' && !m.isloading && m.content.type === 'error');
}

function HandleLine({ recordId, text }: { recordId: string; text: string }) {
  const progress = useRecordProgress(recordId);
  return (
    <div className="flex items-center justify-center gap-2 text-xs text-slate-500">
      <span className="h-px w-6 bg-slate-200" aria-hidden="true" />
      <span>
        {text}
        {progress === null ? '' : ` ${Math.round(progress)}%`}
      </span>
      <span className="h-px w-6 bg-slate-200" aria-hidden="true" />
    </div>
  );
}

function Failure({ text, retry }: { text: string; retry: (() => void) | null }) {
  const busy = useChatState((s) => s.sending || s.status !== 'ready');
  return (
    <div
      role="alert"
      className="w-fit max-w-full rounded-2xl rounded-tl-md border border-rose-200 bg-rose-50 px-4 py-3 text-[0.95rem] text-rose-900 shadow-sm sm:max-w-[85%]"
    >
      <p className="whitespace-pre-line break-words">{text}</p>
      {retry && (
        <button
          type="button"
          disabled={busy}
          onClick={retry}
          className="mt-2.5 inline-flex h-8 items-center gap-1.5 rounded-lg border border-rose-300 bg-white px-3 text-sm font-medium text-rose-700 hover:bg-rose-100 disabled:opacity-60"
        >
          <RetryIcon className="h-4 w-4" />
          Try again
        </button>
      )}
    </div>
  );
}

/**
 * One mockup message in the chat (SPEC §3 kinds mockupHandle, mockupGenerate, mockupCustom, error):
 * a progress line, the mockup itself (full screen on a click), the new template (opened from here on
 * the studio), or a failure in the server's words with "Try again" on the studio screen.
 */
export function MockupMessage({ m }: { m: ChatMessage }) {
  const chat = useChatController();
  const studio = useOptionalMockupController();
  const customRecord = useOptionalStudioState((s) => s.custom.recordId, null);
  const projectId = useOptionalStudioState((s) => s.projectId, null);
  const onScreen = studio !== null && projectId === m.project_id;
  const effect = mockupEffectOf(m);
  const text = m.content.message.trim();
  const kind = m.content.type;

  if (effect?.kind === 'handle') {
    return (
      <div data-testid="chat-message" data-role="assistant" data-kind={kind}>
        <HandleLine
          recordId={effect.recordId}
          text={text || (effect.task === 'custom' ? 'Making a template from your photo…' : 'Putting your design on the template…')}
        />
      </div>
    );
  }

  if (effect?.kind === 'tool' && effect.running && effect.recordId) {
    return (
      <div data-testid="chat-message" data-role="assistant" data-kind={kind}>
        <HandleLine recordId={effect.recordId} text={text || 'Editing the image…'} />
      </div>
    );
  }

  if (effect?.kind === 'customFailed' || effect?.kind === 'error') {
    const isCustom = effect.kind === 'customFailed' || (effect.recordId !== null && effect.recordId === customRecord);
    const retry = onScreen && studio ? () => void (isCustom ? studio.retryCustom() : studio.generate()) : null;
    return (
      <AssistantRow testId="chat-message" kind={kind}>
        <Failure text={effect.message} retry={retry} />
      </AssistantRow>
    );
  }

  return (
    <AssistantRow testId="chat-message" kind={kind}>
      {text && <AssistantBubble>{text}</AssistantBubble>}
      {effect?.kind === 'results' && (
        <ul className="grid max-w-md grid-cols-2 gap-2" aria-label="Mockups">
          {effect.urls.map((url, i) => (
            <li key={url} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
              <button type="button" className="block w-full" onClick={() => chat.openPreview(effect.urls, i)} aria-label={`Open mockup ${i + 1} full screen`}>
                <LazyImage src={url} alt={`Mockup ${i + 1}`} className="aspect-square" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {effect?.kind === 'tool' && effect.urls.length > 0 && (
        <ul className="grid max-w-md grid-cols-2 gap-2" aria-label="Edited images">
          {effect.urls.map((url, i) => (
            <li key={url} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
              <button
                type="button"
                className="block w-full"
                onClick={() => chat.openPreview(effect.urls, i)}
                aria-label={`Open edited image ${i + 1} full screen`}
              >
                <LazyImage src={url} alt={`Edited image ${i + 1}`} className="aspect-square" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {effect?.kind === 'custom' && (
        <div className="w-48 overflow-hidden rounded-xl border border-slate-200 bg-white">
          {effect.thumbnailUrl && <LazyImage src={effect.thumbnailUrl} alt="Your new template" className="aspect-square" retryable={false} />}
          <AppLink
            to={studioHref({ category: null, templateId: effect.templateId, projectId: m.project_id })}
            className="block border-t border-slate-100 px-3 py-2 text-sm font-medium text-violet-700 hover:bg-violet-50"
          >
            Open this template
          </AppLink>
        </div>
      )}
    </AssistantRow>
  );
}
