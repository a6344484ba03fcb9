import { AppLink } from '../components/AppLink';

export function Logo() {
  return (
    <AppLink to="/" className="group inline-flex items-center gap-2 rounded-lg font-semibold tracking-tight text-slate-900" aria-label="Packsmith home">
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true">
        <rect width="32" height="32" rx="9" className="fill-violet-600" />
        <path d="M9 12l7-4 7 4v8l-7 4-7-4z M9 12l7 4 7-4 M16 16v8" fill="none" stroke="white" strokeWidth="1.8" strokeLinejoin="round" />
      </svg>
      <span className="text-[1.05rem]">Packsmith</span>
    </AppLink>
  );
}
