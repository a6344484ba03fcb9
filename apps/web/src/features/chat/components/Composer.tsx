import { forwardRef, useEffect, useId, useImperativeHandle, useRef, type RefObject } from 'react';
import { UPLOAD_ACCEPT_ATTR } from '../../../api/upload-rules';
import { useProjectStore } from '../../../stores/project.store';
import { useChatController, useChatState } from '../chat-context';
import { isSendable } from '../chat.store';
import { AttachButton, ReferencePreview, SendButtons } from './ComposerParts';
import { useReferenceImage } from './useReferenceImage';

export interface ComposerHandle {
  focus(): void;
}

const MAX_ROWS_PX = 180;

/** The field grows with the text up to a limit, then scrolls. */
function useAutoGrow(field: RefObject<HTMLTextAreaElement | null>, text: string): void {
  useEffect(() => {
    const el = field.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_ROWS_PX)}px`;
  }, [field, text]);
}

/** What the chat lets the composer do now. */
function useComposerRules(draft: string, uploading: boolean) {
  const ready = useChatState((s) => s.status === 'ready');
  const sending = useChatState((s) => s.sending);
  const generating = useChatState((s) => Object.keys(s.generations).length > 0);
  // Generate means generate: anything known (or typed) is enough, and the assistant says what it assumed.
  const briefStarted = useProjectStore((s) => s.product.trim() !== '' || s.brand.trim() !== '' || s.boxId > 0);
  // Generate designs from a brief: the design chats have one; photo shoot, mockup and quotation chats do not.
  const designChat = useChatState((s) => !s.project || s.project.type === 'design' || s.project.type === 'childDesign' || s.project.type === 'ai_editor');
  return {
    ready,
    designChat,
    canSend: ready && !sending && !uploading && isSendable(draft),
    canGenerate: ready && !sending && !generating && !uploading && (briefStarted || isSendable(draft)),
  };
}

/**
 * The message box: Enter sends, Shift+Enter starts a new line; an empty or whitespace message is never
 * sent (SPEC §5). A reference image goes through the shared upload (its checks and messages), and
 * Generate asks for designs once the product and brand are known.
 */
export const Composer = forwardRef<ComposerHandle, { compact?: boolean }>(function Composer({ compact = false }, ref) {
  const chat = useChatController();
  const draft = useChatState((s) => s.draft);
  const { reference, setReference, attach } = useReferenceImage();
  const uploading = reference.kind === 'uploading';
  const { ready, designChat, canSend, canGenerate } = useComposerRules(draft, uploading);
  const field = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const genHintId = useId();
  useImperativeHandle(ref, () => ({ focus: () => field.current?.focus() }), []);
  useAutoGrow(field, draft);

  const submit = async (generate: boolean) => {
    if (generate ? !canGenerate : !canSend) return;
    const text = chat.store.getState().takeDraft() ?? '';
    const sentReference = reference.kind === 'ready' ? reference.url : null;
    setReference({ kind: 'none' });
    const ok = generate ? await chat.generateDesigns(text, sentReference) : await chat.sendMessage(text, { referenceImg: sentReference });
    if (!ok && sentReference) setReference({ kind: 'ready', url: sentReference });
    field.current?.focus();
  };

  const pick = async (picked: File | undefined) => {
    if (!picked) return;
    await attach(picked);
    if (file.current) file.current.value = '';
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
      <ReferencePreview reference={reference} onClear={() => setReference({ kind: 'none' })} />
      <label htmlFor={`${hintId}-field`} className="sr-only">
        {designChat ? 'Message the design assistant' : 'Message the assistant'}
      </label>
      <textarea
        ref={field}
        id={`${hintId}-field`}
        rows={1}
        value={draft}
        onChange={(e) => chat.store.getState().setDraft(e.target.value)}
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
        <AttachButton disabled={uploading || !ready} onClick={() => file.current?.click()} />
        <input
          ref={file}
          type="file"
          accept={UPLOAD_ACCEPT_ATTR}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="reference-input"
          onChange={(e) => void pick(e.target.files?.[0])}
        />
        <p id={hintId} className={`truncate text-xs text-slate-400 ${compact ? 'hidden' : 'hidden md:block'}`}>
          Enter to send · Shift+Enter for a new line
        </p>
        <SendButtons showGenerate={designChat} canGenerate={canGenerate} canSend={canSend} genHintId={genHintId} onGenerate={() => void submit(true)} />
      </div>
    </form>
  );
});
