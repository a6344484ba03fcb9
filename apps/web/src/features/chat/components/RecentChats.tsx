import { PROJECT_TYPES, type ProjectType } from '@packsmith/contracts';
import { AppLink } from '../../../components/AppLink';
import { usesDrawer } from '../chat-data';
import type { LocalHistoryRecord } from '../local-history';
import { useLocalHistory } from '../use-local-history';
import { ChatIcon } from './icons';
import { LazyImage } from './LazyImage';

const TYPE_LABELS: Record<ProjectType, string> = {
  design: 'Design',
  childDesign: 'Child design',
  photoshoot: 'Photo shoot',
  mockup: 'Mockup',
  pricing_tool: 'Quotation',
  ai_editor: 'AI editor',
  nutrition: 'Nutrition label',
};

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function typeOf(record: LocalHistoryRecord): ProjectType {
  const t = str(record.project_data.type);
  return (PROJECT_TYPES as readonly string[]).includes(t) ? (t as ProjectType) : 'design';
}

export function chatTitle(record: LocalHistoryRecord): string {
  const brand = str(record.project_data.brand);
  const product = str(record.project_data.product);
  if (brand && product) return `${brand} · ${product}`;
  return brand || product || str(record.project_data.name) || 'New chat';
}

/** Where a recorded chat opens: design chats on /design-chat, the others on /chat (SPEC §2). */
export function chatHref(record: LocalHistoryRecord): string {
  const id = encodeURIComponent(record.id);
  const type = typeOf(record);
  return type === 'childDesign' || !usesDrawer(type) ? `/design-chat?pid=${id}` : `/chat?id=${id}`;
}

export function relativeTime(timestamp: number, now: number = Date.now()): string {
  const minutes = Math.round((now - timestamp) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  if (hours < 48) return 'Yesterday';
  return new Date(timestamp).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

/** "Recent chats": the projects opened on this device (SPEC §3 local project history), newest first. */
export function RecentChats({
  currentId = null,
  onNavigate,
  filter,
}: {
  /** The chat shown beside the list. */ currentId?: string | null;
  onNavigate?(): void;
  filter?(type: ProjectType): boolean;
}) {
  const records = useLocalHistory();
  const list = [...records].filter((r) => !filter || filter(typeOf(r))).sort((a, b) => b.timestamp - a.timestamp);
  if (list.length === 0) {
    return <p className="px-3 py-6 text-center text-sm text-slate-500">Your chats will be listed here.</p>;
  }
  return (
    <ul className="space-y-0.5" aria-label="Recent chats" data-testid="recent-chats">
      {list.map((r) => {
        const cover = str(r.project_data.cover);
        const current = r.id === currentId;
        return (
          <li key={r.id}>
            <AppLink
              to={chatHref(r)}
              onClick={onNavigate}
              aria-current={current ? 'page' : undefined}
              className={`flex items-center gap-3 rounded-xl px-2.5 py-2 transition-colors ${current ? 'bg-violet-50 text-violet-900' : 'text-slate-700 hover:bg-slate-100'}`}
            >
              {cover ? (
                <LazyImage src={cover} alt="" className="h-9 w-9 shrink-0 rounded-lg border border-slate-200" retryable={false} />
              ) : (
                <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-400" aria-hidden="true">
                  <ChatIcon className="h-4 w-4" />
                </span>
              )}
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium">{chatTitle(r)}</span>
                <span className="block truncate text-xs text-slate-500">
                  {TYPE_LABELS[typeOf(r)]} · {relativeTime(r.timestamp)}
                </span>
              </span>
            </AppLink>
          </li>
        );
      })}
    </ul>
  );
}
