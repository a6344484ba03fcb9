import { FREE_CREDITS } from '@packsmith/contracts';
import { AppLink } from '../../components/AppLink';
import { ToolIcon } from '../../components/ToolIcon';
import { routeDef } from '../../navigation/nav-rules';
import { TOOLS } from '../../navigation/tools';

const STEPS = [
  { title: 'Describe', text: 'Tell us the product, brand and feel in a chat. The assistant asks for anything it is missing.' },
  { title: 'Refine', text: 'Like, dislike and redesign. Place the design on mockups and shoot product photos in studio scenes.' },
  { title: 'Produce', text: 'Download print-ready files, get a price quote and find a factory near you.' },
];

/** "Design chat" → "design chat", but "AI editor" keeps its acronym. */
function lowerFirst(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label[0]?.toLowerCase() + label.slice(1) : label;
}

export function HomePage() {
  const heading = routeDef('home')?.heading ?? 'Packsmith';
  return (
    <>
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 -top-40 -z-10 h-[32rem] bg-[radial-gradient(60%_60%_at_70%_30%,rgba(124,58,237,0.16),transparent_70%)]"
        />
        <div className="page-container grid items-center gap-12 pb-16 pt-14 sm:pt-20 lg:grid-cols-[1.1fr_0.9fr] lg:pb-24">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-violet-200 bg-white/70 px-3 py-1 text-xs font-medium text-violet-700">
              <span className="h-1.5 w-1.5 rounded-full bg-violet-500" aria-hidden="true" />
              AI packaging studio
            </p>
            <h1 className="mt-5 text-[2.6rem] font-semibold leading-[1.06] tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">{heading}</h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">
              Describe your product and get packaging designs, product photos, 3D mockups, a price quote and a nutrition label — in one place, from one brief.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <AppLink to="/design-chat" className="btn-primary h-12 px-6 text-base">
                Start designing
              </AppLink>
              <AppLink to="/design-ideas" className="btn-secondary h-12 px-6 text-base">
                Browse design ideas
              </AppLink>
            </div>
            <p className="mt-4 text-sm text-slate-500">Free to start with {FREE_CREDITS} credits. No card needed.</p>
          </div>
          <HeroArt />
        </div>
      </section>

      <section aria-labelledby="tools-heading" className="page-container">
        <div className="max-w-2xl">
          <h2 id="tools-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            Every tool your packaging needs
          </h2>
          <p className="mt-3 text-slate-600">Start anywhere; your project carries the brief from one tool to the next.</p>
        </div>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {TOOLS.map((t) => (
            <li key={t.name}>
              <AppLink
                to={t.href}
                className="group grid h-full grid-cols-[auto_1fr] gap-x-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-violet-300 hover:shadow-md sm:flex sm:flex-col sm:p-6"
                data-testid="tool-card"
              >
                <span className="row-span-3 flex h-11 w-11 items-center justify-center rounded-xl bg-violet-100 text-violet-700 transition-colors group-hover:bg-violet-600 group-hover:text-white">
                  <ToolIcon name={t.name} className="h-6 w-6" />
                </span>
                <h3 className="text-lg font-semibold text-slate-900 sm:mt-5">{t.label}</h3>
                <p className="mt-1 flex-1 text-sm leading-relaxed text-slate-600 sm:mt-1.5">{t.blurb}</p>
                <span className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-violet-700 sm:mt-5">
                  Open {lowerFirst(t.label)}
                  <svg viewBox="0 0 20 20" className="h-4 w-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true">
                    <path d="M4 10h11m-4-4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                </span>
              </AppLink>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="steps-heading" className="page-container mt-24">
        <h2 id="steps-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          From idea to shelf in three steps
        </h2>
        <ol className="mt-10 grid gap-8 sm:grid-cols-3">
          {STEPS.map((s, i) => (
            <li key={s.title} className="border-t border-slate-200 pt-6">
              <span className="text-sm font-semibold text-violet-700">0{i + 1}</span>
              <h3 className="mt-2 text-lg font-semibold">{s.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{s.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="page-container mt-24">
        <div className="flex flex-col items-start gap-6 rounded-3xl bg-slate-900 px-6 py-10 text-white sm:flex-row sm:items-center sm:justify-between sm:px-12">
          <div>
            <h2 className="text-2xl font-semibold tracking-tight">Ready when you are</h2>
            <p className="mt-2 max-w-lg text-slate-300">Pro plans add high-quality exports, a commercial license and up to 4 designs per prompt.</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <AppLink to="/pricing" className="inline-flex h-11 items-center rounded-lg bg-white px-5 font-medium text-slate-900 hover:bg-violet-50">
              See plans
            </AppLink>
            <AppLink
              to="/design-chat"
              className="inline-flex h-11 items-center rounded-lg border border-white/25 px-5 font-medium text-white hover:bg-white/10"
            >
              Start free
            </AppLink>
          </div>
        </div>
      </section>
    </>
  );
}

/** A drawn box with a label: decoration only, so screen readers skip it. */
function HeroArt() {
  return (
    <div aria-hidden="true" className="relative mx-auto hidden aspect-square w-full max-w-md sm:block">
      <div className="absolute inset-6 rounded-[2.5rem] bg-gradient-to-br from-violet-100 via-white to-amber-50" />
      <svg viewBox="0 0 400 400" className="relative h-full w-full">
        <defs>
          <linearGradient id="hero-front" x1="0" x2="1" y1="0" y2="1">
            <stop offset="0" stopColor="#8b5cf6" />
            <stop offset="1" stopColor="#6d28d9" />
          </linearGradient>
          <linearGradient id="hero-side" x1="0" x2="1">
            <stop offset="0" stopColor="#5b21b6" />
            <stop offset="1" stopColor="#4c1d95" />
          </linearGradient>
        </defs>
        <ellipse cx="200" cy="330" rx="130" ry="18" fill="#1e1b4b" opacity="0.12" />
        <path d="M110 130 L200 95 L290 130 L200 165 Z" fill="#c4b5fd" />
        <path d="M110 130 L200 165 L200 320 L110 285 Z" fill="url(#hero-front)" />
        <path d="M200 165 L290 130 L290 285 L200 320 Z" fill="url(#hero-side)" />
        <path d="M128 190 L184 212 L184 250 L128 228 Z" fill="#ffffff" opacity="0.92" />
        <path d="M136 205 L176 221" stroke="#6d28d9" strokeWidth="5" strokeLinecap="round" />
        <path d="M136 219 L164 230" stroke="#a78bfa" strokeWidth="4" strokeLinecap="round" />
        <circle cx="245" cy="215" r="22" fill="#fbbf24" opacity="0.9" />
        <path d="M312 78 l6 14 14 6 -14 6 -6 14 -6 -14 -14 -6 14 -6z" fill="#a78bfa" />
        <path d="M80 90 l4 9 9 4 -9 4 -4 9 -4 -9 -9 -4 9 -4z" fill="#fbbf24" />
      </svg>
    </div>
  );
}
