import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { ApiError } from '../../../api/error-catalogue';
import { uploadImage } from '../../../api/upload';
import { UPLOAD_ACCEPT_ATTR, UploadRejected } from '../../../api/upload-rules';
import { isSendable, useChatStore } from '../../../stores/chat.store';
import { useProjectStore } from '../../../stores/project.store';
import { useUiStore } from '../../../stores/ui.store';
import { generateDesigns, sendMessage } from '../chat-controller';
import { useChatSession } from '../chat-session.store';
import { CloseIcon, PaperclipIcon, SendIcon, SparkleIcon } from './icons';

type Reference = { kind: 'none' } | { kind: 'uploading'; progress: number; preview: string } | { kind: 'ready'; url: string } | { kind: 'rejected'; message: string };

export interface ComposerHandle {
  focus(): void;
}

const MAX_ROWS_PX = 180;

/**
 * The message box: Enter sends, Shift+Enter starts a new line; an empty or whitespace message is never
 * sent (SPEC §5). A reference image goes through the shared upload (its checks and messages), and
 * Generate asks for designs once the product and brand are known.
 */
export const Composer = forwardRef<ComposerHandle, { compact?: boolean }>(function Composer({ compact = false }, ref) {
  const draft = useChatStore((s) => s.draft);
  const setDraft = useChatStore((s) => s.setDraft);
  const ready = useChatSession((s) => s.status === 'ready');
  const sending = useChatSession((s) => s.sending);
  const generating = useChatSession((s) => Object.keys(s.generations).length > 0);
  // Generate means generate: anything known (or typed) is enough, and the assistant says what it assumed.
  const briefStarted = useProjectStore((s) => s.product.trim() !== '' || s.brand.trim() !== '' || s.boxId > 0);
  // Generate designs from a brief: the design chats have one; photo shoot, mockup and quotation chats do not.
  const designChat = useChatSession((s) => !s.project || s.project.type === 'design' || s.project.type === 'childDesign' || s.project.type === 'ai_editor');
  const [reference, setReference] = useState<Reference>({ kind: 'none' });
  const field = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const genHintId = useId();

  useImperativeHandle(ref, () => ({ focus: () => field.current?.focus() }), []);

  // Grows with the text up to a limit, then scrolls.
  useEffect(() => {
    const el = field.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_ROWS_PX)}px`;
  }, [draft]);

  const preview = useRef<string | null>(null);
  const releasePreview = () => {
    if (preview.current) URL.revokeObjectURL(preview.current);
    preview.current = null;
  };
  useEffect(() => releasePreview, []);

  const uploading = reference.kind === 'uploading';
  const canSend = ready && !sending && !uploading && isSendable(draft);
  const canGenerate = ready && !sending && !generating && !uploading && (briefStarted || isSendable(draft));
  const referenceUrl = reference.kind === 'ready' ? reference.url : null;

  const submit = async (generate: boolean) => {
    if (generate ? !canGenerate : !canSend) return;
    const text = useChatStore.getState().takeDraft() ?? '';
    const sentReference = referenceUrl;
    setReference({ kind: 'none' });
    const ok = generate ? await generateDesigns(text, sentReference) : await sendMessage(text, { referenceImg: sentReference });
    if (!ok && sentReference) setReference({ kind: 'ready', url: sentReference });
    field.current?.focus();
  };

  const attach = async (picked: File | undefined) => {
    if (!picked) return;
    releasePreview();
    const local = URL.createObjectURL(picked);
    preview.current = local;
    setReference({ kind: 'uploading', progress: 0, preview: local });
    try {
      const uploaded = await uploadImage(picked, (progress) => setReference({ kind: 'uploading', progress, preview: local }));
      setReference({ kind: 'ready', url: uploaded.url });
    } catch (err) {
      const message = err instanceof UploadRejected || err instanceof ApiError ? err.message : 'The upload failed. Please try again.';
      if (err instanceof UploadRejected) useUiStore.getState().showMessage(err.message);
      setReference({ kind: 'rejected', message });
    } finally {
      releasePreview();
      if (file.current) file.current.value = '';
    }
  };

  return (
    <form
      data-testid="composer"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(false);
      }}
      className="rounded-2xl border border-slate-300 bg-white shadow-sm transition focus-within:border-violet-400 focus-within:ring-4 focus-within:ring-violet-100"
    >
      {reference.kind !== 'none' && (
        <div className="flex items-center gap-3 px-3 pt-3" aria-live="polite">
          {reference.kind === 'uploading' && (
            <>
              <img src={reference.preview} alt="" className="h-12 w-12 rounded-lg object-cover opacity-60" />
              <div className="min-w-0 flex-1">
                <p className="text-xs text-slate-600">Uploading reference image…</p>
                <div className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(reference.progress * 100)}>
                  <div className="h-full bg-violet-600 transition-[width]" style={{ width: `${Math.round(reference.progress * 100)}%` }} />
                </div>
              </div>
            </>
          )}
          {reference.kind === 'ready' && (
            <span className="relative" data-testid="reference-ready">
              <img src={reference.url} alt="Reference image to send" className="h-14 w-14 rounded-lg border border-slate-200 object-cover" />
              <button type="button" aria-label="Remove the reference image" onClick={() => setReference({ kind: 'none' })} className="absolute -right-2 -top-2 flex h-5 w-5 items-center justify-center rounded-full bg-slate-900 text-white shadow">
                <CloseIcon className="h-3 w-3" />
              </button>
            </span>
          )}
          {reference.kind === 'rejected' && (
            <p role="alert" data-testid="upload-error" className="flex flex-1 items-center justify-between gap-2 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
              {reference.message}
              <button type="button" aria-label="Dismiss" onClick={() => setReference({ kind: 'none' })} className="rounded p-0.5 hover:bg-rose-100">
                <CloseIcon className="h-4 w-4" />
              </button>
            </p>
          )}
        </div>
      )}
      <label htmlFor={`${hintId}-field`} className="sr-only">
        Message the design assistant
      </label>
      <textarea
        ref={field}
        id={`${hintId}-field`}
        rows={1}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void submit(false);
          }
        }}
        placeholder={compact ? 'Message the assistant…' : 'Describe your product, brand and style — or what to change…'}
        aria-describedby={hintId}
        className="block max-h-[180px] w-full resize-none bg-transparent px-4 pt-3 text-[0.95rem] leading-relaxed text-slate-900 placeholder:text-slate-400 focus:outline-none"
      />
      <div className="flex items-center gap-2 px-2 pb-2 pt-1">
        <button type="button" className="btn-icon h-9 w-9" aria-label="Attach a reference image" title="Attach a reference image" disabled={uploading || !ready} onClick={() => file.current?.click()}>
          <PaperclipIcon className="h-5 w-5" />
        </button>
        <input ref={file} type="file" accept={UPLOAD_ACCEPT_ATTR} className="sr-only" tabIndex={-1} aria-hidden="true" data-testid="reference-input" onChange={(e) => void attach(e.target.files?.[0])} />
        <p id={hintId} className={`truncate text-xs text-slate-400 ${compact ? 'hidden' : 'hidden md:block'}`}>
          Enter to send · Shift+Enter for a new line
        </p>
        <div className="ml-auto flex items-center gap-2">
          <span id={genHintId} className="sr-only">
            {canGenerate ? 'Generates designs from your brief; anything not said yet is filled in and named in the reply.' : 'Describe your product first, then press Generate.'}
          </span>
          {designChat && (
            <button
              type="button"
              className="btn-secondary h-9 px-3 text-sm"
              disabled={!canGenerate}
              aria-describedby={genHintId}
              title={canGenerate ? 'Generate designs from your brief' : 'Describe your product first'}
              onClick={() => void submit(true)}
            >
              <SparkleIcon className="h-4 w-4 text-violet-600" />
              Generate
            </button>
          )}
          <button type="submit" className="btn-primary h-9 w-9 rounded-xl" aria-label="Send message" disabled={!canSend}>
            <SendIcon className="h-5 w-5" />
          </button>
        </div>
      </div>
    </form>
  );
});
