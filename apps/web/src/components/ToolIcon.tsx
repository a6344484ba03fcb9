import type { RouteName } from '@packsmith/contracts';

/** Simple line icons for the tools, drawn on a 24-unit grid. */
const paths: Partial<Record<RouteName, string>> = {
  designChat: 'M4 5h16v10H9l-5 4z M8 9h8 M8 12h5',
  photoshoot: 'M4 8h3l2-3h6l2 3h3v11H4z M12 16a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  aimockup: 'M12 3l8 4.5v9L12 21l-8-4.5v-9z M4 7.5l8 4.5 8-4.5 M12 12v9',
  aiquotation: 'M6 3h12v18l-3-2-3 2-3-2-3 2z M9 8h6 M9 12h6 M9 16h3',
  category: 'M12 3a6 6 0 0 1 3.5 10.9V17h-7v-3.1A6 6 0 0 1 12 3z M9.5 20h5',
  factories: 'M3 21V10l5 3V10l5 3V6l8 4v11z M7 17h2 M12 17h2 M17 17h2',
  editor: 'M4 20h4L19 9l-4-4L4 16z M13 7l4 4 M16 20h4',
  designRequirements: 'M7 3h10v4H7z M5 5h2 M17 5h2 M5 5v16h14V5 M9 12h6 M9 16h6',
  nutritionLabel: 'M5 3h14v18H5z M8 7h8 M8 10h8 M8 13h5 M8 16h8',
};

export function ToolIcon({ name, className = 'h-5 w-5' }: { name: RouteName; className?: string }) {
  const d = paths[name] ?? 'M4 4h16v16H4z';
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={d} />
    </svg>
  );
}
