import { useEffect, useState } from 'react';
import { loadCurrentUser } from '../../../api/current-user';
import { useSessionStore } from '../../../stores/session.store';
import { downloaderOf, downloadLabel, type NutritionDownloadFormat } from '../nutrition-api';

const FORMATS: readonly { format: NutritionDownloadFormat; label: string }[] = [
  { format: 'svg', label: 'SVG' },
  { format: 'png', label: 'PNG (300 dpi)' },
  { format: 'pdf', label: 'PDF (true size)' },
];

interface ExportButtonsProps {
  /** Saves the label first when it is not saved yet (a download is of a saved label); null when it could not be. */
  ensureSaved(): Promise<string | null>;
  disabled: boolean;
}

/**
 * SVG / PNG / PDF downloads (SPEC §6): a guest is asked to sign in; a free account also gets "Download
 * preview (watermarked)", and its clean download's 403 opens the pay modal; a paid account gets the file.
 */
export function ExportButtons({ ensureSaved, disabled }: ExportButtonsProps) {
  const user = useSessionStore((s) => s.user);
  const userStatus = useSessionStore((s) => s.userStatus);
  const who = downloaderOf(user);
  // Which buttons to offer depends on the account; the app shell usually has it loaded already.
  useEffect(() => {
    if (!user && userStatus === 'unknown') void loadCurrentUser();
  }, [user, userStatus]);
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (format: NutritionDownloadFormat, watermark: boolean) => {
    setBusy(`${format}${watermark ? '-wm' : ''}`);
    try {
      await downloadLabel(ensureSaved, format, watermark);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="nf-export-heading" className="card p-5">
      <h2 id="nf-export-heading" className="text-base font-semibold text-slate-900">
        Download
      </h2>
      <div className="mt-3 flex flex-wrap gap-2">
        {FORMATS.map((f) => (
          <button
            key={f.format}
            type="button"
            className="btn-primary h-10 px-4 text-sm"
            disabled={disabled || busy !== null}
            onClick={() => void run(f.format, false)}
          >
            {busy === f.format ? 'Preparing…' : `Download ${f.label}`}
          </button>
        ))}
      </div>
      {who === 'guest' && <p className="mt-2 text-sm text-slate-500">Sign in to download your label.</p>}
      {who === 'free' && (
        <div className="mt-3">
          <p className="text-sm text-slate-600">Clean files come with a membership. You can download a watermarked preview now:</p>
          <div className="mt-2 flex flex-wrap gap-2">
            {FORMATS.map((f) => (
              <button
                key={f.format}
                type="button"
                className="btn-secondary h-10 px-4 text-sm"
                disabled={disabled || busy !== null}
                onClick={() => void run(f.format, true)}
              >
                {busy === `${f.format}-wm` ? 'Preparing…' : `Download preview (watermarked) ${f.label}`}
              </button>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
