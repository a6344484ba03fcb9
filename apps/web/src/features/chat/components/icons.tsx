import type { GeometryKind } from '@packsmith/contracts';

interface IconProps {
  className?: string;
}

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.7, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

function Svg({ className = 'h-5 w-5', d, filled }: IconProps & { d: string; filled?: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      aria-hidden="true"
      {...(filled ? { fill: 'currentColor', stroke: 'currentColor', strokeWidth: 1.2, strokeLinejoin: 'round' as const } : stroke)}
    >
      <path d={d} />
    </svg>
  );
}

export const SparkleIcon = (p: IconProps & { filled?: boolean }) => (
  <Svg {...p} d="M12 3l1.8 4.9L19 9.6l-5.2 1.8L12 16.3l-1.8-4.9L5 9.6l5.2-1.7z M18.5 15.5l.8 2 2 .8-2 .8-.8 2-.8-2-2-.8 2-.8z" />
);
export const SendIcon = (p: IconProps) => <Svg {...p} d="M12 19V5 M6 11l6-6 6 6" />;
export const PaperclipIcon = (p: IconProps) => (
  <Svg {...p} d="M20 11.5l-7.8 7.8a5 5 0 0 1-7.1-7.1l8.1-8.1a3.4 3.4 0 0 1 4.8 4.8l-8.1 8.1a1.7 1.7 0 0 1-2.4-2.4l7.5-7.5" />
);
export const CloseIcon = (p: IconProps) => <Svg {...p} d="M6 6l12 12M18 6L6 18" />;
export const ThumbUpIcon = (p: IconProps & { filled?: boolean }) => (
  <Svg {...p} d="M7 10v10H4V10z M7 10l4-7c1.4 0 2.3 1 2 2.4L12.4 9H19a2 2 0 0 1 2 2.3l-1.2 6.9A2.2 2.2 0 0 1 17.6 20H7" />
);
export const ThumbDownIcon = (p: IconProps & { filled?: boolean }) => (
  <Svg {...p} d="M17 14V4h3v10z M17 14l-4 7c-1.4 0-2.3-1-2-2.4l.6-3.6H5a2 2 0 0 1-2-2.3l1.2-6.9A2.2 2.2 0 0 1 6.4 4H17" />
);
export const StarIcon = (p: IconProps & { filled?: boolean }) => <Svg {...p} d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />;
export const MoreIcon = (p: IconProps) => <Svg {...p} d="M5 12h.01M12 12h.01M19 12h.01" />;
export const ExpandIcon = (p: IconProps) => <Svg {...p} d="M4 9V4h5 M20 9V4h-5 M4 15v5h5 M20 15v5h-5" />;
export const DownloadIcon = (p: IconProps) => <Svg {...p} d="M12 4v11 M7 10l5 5 5-5 M5 20h14" />;
export const EditIcon = (p: IconProps) => <Svg {...p} d="M4 20h4L19 9l-4-4L4 16z M13 7l4 4" />;
export const BranchIcon = (p: IconProps) => <Svg {...p} d="M6 4v16 M6 8a6 6 0 0 0 6 6h3 M15 11l3 3-3 3" />;
export const ChevronLeftIcon = (p: IconProps) => <Svg {...p} d="M15 5l-7 7 7 7" />;
export const ChevronRightIcon = (p: IconProps) => <Svg {...p} d="M9 5l7 7-7 7" />;
export const PlusIcon = (p: IconProps) => <Svg {...p} d="M12 5v14M5 12h14" />;
export const HistoryIcon = (p: IconProps) => <Svg {...p} d="M4 12a8 8 0 1 0 2.3-5.6L4 8.7 M4 4v4.7h4.7 M12 8v4l3 2" />;
export const SlidersIcon = (p: IconProps) => <Svg {...p} d="M4 7h10 M18 7h2 M4 17h4 M12 17h8 M16 5v4 M10 15v4" />;
export const RetryIcon = (p: IconProps) => <Svg {...p} d="M20 12a8 8 0 1 1-2.3-5.6L20 8.7 M20 4v4.7h-4.7" />;
export const CheckIcon = (p: IconProps) => <Svg {...p} d="M5 12.5l4.5 4.5L19 7.5" />;
export const ChatIcon = (p: IconProps) => <Svg {...p} d="M4 5h16v11H9l-5 4z" />;
export const ImageIcon = (p: IconProps) => <Svg {...p} d="M4 5h16v14H4z M4 16l5-5 4 4 3-3 4 4 M15.5 9.5h.01" />;
export const RedesignIcon = (p: IconProps) => <Svg {...p} d="M7 7h10v10H7z M3 12h2 M19 12h2 M12 3v2 M12 19v2" />;
export const CubeIcon = (p: IconProps) => <Svg {...p} d="M12 3l8 4.5v9L12 21l-8-4.5v-9z M12 12l8-4.5 M12 12v9 M12 12L4 7.5" />;

/** A line drawing of each pack shape, so box cards read at a glance. */
const GEOMETRY_PATHS: Record<GeometryKind, string> = {
  'folding-carton': 'M12 3l7 3.5v11L12 21l-7-3.5v-11z M5 6.5L12 10l7-3.5 M12 10v11 M9 4.5l7 3.5',
  'rigid-box': 'M3 9l9-4 9 4-9 4z M3 9v7l9 4 9-4V9 M12 13v7 M3 11.5l9 4 9-4',
  'corrugated-box': 'M3 8l9-4 9 4v9l-9 4-9-4z M3 8l9 4 9-4 M12 12v9 M7.5 6l9 4 M16.5 6l-9 4',
  bottle: 'M10 2.5h4v3l1.5 2.5V20a1.5 1.5 0 0 1-1.5 1.5h-4A1.5 1.5 0 0 1 8.5 20V8L10 5.5z M8.5 11h7 M8.5 17h7',
  can: 'M7 5c0-1.1 2.2-2 5-2s5 .9 5 2v14c0 1.1-2.2 2-5 2s-5-.9-5-2z M7 5c0 1.1 2.2 2 5 2s5-.9 5-2 M7 18c0 1.1 2.2 2 5 2s5-.9 5-2',
  jar: 'M8 3h8v3H8z M7 6h10l1 2v11a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V8z M6 11h12 M6 16h12',
  tube: 'M6 3h12l-1 3H7z M7 6l1.5 14h7L17 6 M10 20v1.5h4V20',
  pouch: 'M6 3h12v2l-1 15a1.5 1.5 0 0 1-1.5 1.5h-7A1.5 1.5 0 0 1 7 20L6 5z M6 5h12 M9 8h6',
  bag: 'M5 8h14l-1 13H6z M9 8V6a3 3 0 0 1 6 0v2',
  cup: 'M5 5h14l-2 16H7z M4.5 5h15 M6 9h12',
  bowl: 'M3 10h18a9 8 0 0 1-18 0z M8 20h8',
  tub: 'M5 7h14l-1.5 12a2 2 0 0 1-2 1.5h-7a2 2 0 0 1-2-1.5z M4 5h16v2H4z',
};

export function GeometryGlyph({ geometry, className = 'h-7 w-7' }: { geometry: GeometryKind | undefined; className?: string }) {
  return <Svg className={className} d={GEOMETRY_PATHS[geometry ?? 'folding-carton']} />;
}
export const CompareIcon = (p: IconProps) => <Svg {...p} d="M12 3v18 M4 6h5v12H4z M15 6h5v12h-5z" />;
export const SaveIcon = (p: IconProps) => <Svg {...p} d="M6 4h12v16l-6-4-6 4z" />;
export const UndoIcon = (p: IconProps) => <Svg {...p} d="M9 14L4 9l5-5 M4 9h11a5 5 0 0 1 0 10h-3" />;
export const RedoIcon = (p: IconProps) => <Svg {...p} d="M15 14l5-5-5-5 M20 9H9a5 5 0 0 0 0 10h3" />;
