import { useEffect, useRef } from 'react';

/** The success screen: the reference number, what happens next, and a way to send another. */
export function DesignRequestSent({ reference, email, onAnother }: { reference: string; email: string; onAnother(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: the focus goes to the news, so a screen reader reads it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="dr-sent-title" className="card space-y-5 p-6 sm:p-8" data-testid="design-request-sent">
      <div>
        <h2 id="dr-sent-title" ref={heading} tabIndex={-1} className="text-2xl font-semibold text-slate-900 outline-none">
          Thank you, your request is in.
        </h2>
        <p className="mt-2 text-slate-600">
          Your reference number is{' '}
          <strong className="font-mono text-lg tracking-wide text-violet-700" data-testid="design-request-reference">
            {reference}
          </strong>
          . We sent a copy of your request to <span className="font-medium text-slate-800">{email}</span>.
        </p>
      </div>
      <div>
        <h3 className="text-base font-semibold text-slate-900">What happens next</h3>
        <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-sm text-slate-600">
          <li>A packaging designer reads your brief within two working days.</li>
          <li>We reply by email with questions, a proposal and a quote. Quote your reference number when you write to us.</li>
          <li>Once you agree, we start with concepts and refine them with you to print-ready files.</li>
        </ol>
      </div>
      <p className="text-sm text-slate-500">No email after a few minutes? Check your spam folder: the email is on its way even if our mail server is slow.</p>
      <button type="button" className="btn-secondary h-11 px-5" onClick={onAnother}>
        Send another request
      </button>
    </section>
  );
}
