import { useState } from 'react';
import { useAppNavigate } from '../../../components/AppLink';
import { Dialog } from '../../../components/Dialog';
import { useRealtimeStore } from '../../../api/realtime';
import { useChatController, useChatState } from '../chat-context';
import { ChatSidePanel } from './ChatSidePanel';
import { ChatView } from './ChatView';
import { HistoryIcon, PlusIcon, RedesignIcon, SlidersIcon } from './icons';
import { RecentChats } from './RecentChats';

function projectTitle(p: { brand: string; product: string; name: string } | null): string {
  if (!p) return '';
  if (p.brand && p.product) return `${p.brand} · ${p.product}`;
  return p.brand || p.product || p.name;
}

/**
 * The design-chat screen: recent chats (wide screens), the conversation, and the brief / box / results
 * panel; on small screens the panel and the recent chats open as sheets.
 */
export function ChatWorkspace({ heading, onRetryStart }: { heading: string; onRetryStart?(): void }) {
  const navigate = useAppNavigate();
  const chat = useChatController();
  const project = useChatState((s) => s.project);
  const projectId = useChatState((s) => s.projectId);
  const ready = useChatState((s) => s.status === 'ready');
  const connected = useRealtimeStore((s) => s.connected);
  const [sheet, setSheet] = useState<'panel' | 'recent' | null>(null);
  const title = projectTitle(project);

  const startNew = () => {
    setSheet(null);
    chat.newChat();
    navigate('/design-chat');
  };

  return (
    <div className="flex h-[calc(100dvh-4rem)] min-h-[32rem] bg-slate-50" data-testid="chat-workspace">
      <aside aria-label="Chats" className="hidden w-64 shrink-0 flex-col border-r border-slate-200 bg-white xl:flex">
        <div className="p-3">
          <button type="button" onClick={startNew} className="btn-primary h-10 w-full text-sm">
            <PlusIcon className="h-4 w-4" />
            New chat
          </button>
        </div>
        <p className="px-4 pb-1 pt-2 text-xs font-semibold uppercase tracking-wider text-slate-400">Recent chats</p>
        <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
          <RecentChats currentId={projectId} />
        </div>
      </aside>

      <section aria-labelledby="chat-heading" className="flex min-w-0 flex-1 flex-col">
        <div className="flex h-14 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:px-5">
          <div className="min-w-0 flex-1">
            <h1 id="chat-heading" className="text-base font-semibold leading-tight tracking-tight text-slate-900">
              {heading}
            </h1>
            <p className="flex items-center gap-1.5 truncate text-xs text-slate-500" data-testid="chat-title">
              <span className={`h-1.5 w-1.5 shrink-0 rounded-full ${connected ? 'bg-emerald-500' : 'bg-slate-300'}`} aria-hidden="true" />
              <span className="truncate">{title || (projectId ? 'New project' : 'Starting a new project…')}</span>
              {project?.type === 'childDesign' && (
                <span className="shrink-0 rounded-full bg-violet-100 px-1.5 text-[0.65rem] font-semibold text-violet-700">Child</span>
              )}
              {project?.fork_from && <span className="shrink-0 rounded-full bg-sky-100 px-1.5 text-[0.65rem] font-semibold text-sky-700">Redesign</span>}
            </p>
          </div>
          <button type="button" className="btn-icon xl:hidden" aria-label="Recent chats" onClick={() => setSheet('recent')}>
            <HistoryIcon className="h-5 w-5" />
          </button>
          <button type="button" className="btn-icon lg:hidden" aria-label="Brief and boxes" onClick={() => setSheet('panel')}>
            <SlidersIcon className="h-5 w-5" />
          </button>
          {projectId && (
            <button
              type="button"
              className="btn-secondary hidden h-9 px-3 text-sm sm:inline-flex"
              disabled={!ready}
              onClick={() => navigate(`/design-chat?fid=${encodeURIComponent(projectId)}`)}
              title="Start a new project from this brief"
            >
              <RedesignIcon className="h-4 w-4" />
              Redesign
            </button>
          )}
          <button type="button" className="btn-secondary h-9 px-3 text-sm xl:hidden" onClick={startNew} aria-label="New chat">
            <PlusIcon className="h-4 w-4" />
            <span className="hidden sm:inline">New chat</span>
          </button>
        </div>
        <ChatView onRetryStart={onRetryStart} />
      </section>

      <aside aria-label="Project panel" className="hidden w-[22rem] shrink-0 flex-col border-l border-slate-200 bg-white lg:flex">
        <ChatSidePanel />
      </aside>

      <Dialog open={sheet === 'panel'} onClose={() => setSheet(null)} title="Brief, box and results">
        <div className="-mx-6 -mb-6 flex max-h-[75vh] flex-col">
          <ChatSidePanel />
          {projectId && (
            <div className="border-t border-slate-100 p-4 sm:hidden">
              <button
                type="button"
                className="btn-secondary h-10 w-full text-sm"
                disabled={!ready}
                onClick={() => {
                  setSheet(null);
                  navigate(`/design-chat?fid=${encodeURIComponent(projectId)}`);
                }}
              >
                <RedesignIcon className="h-4 w-4" />
                Redesign as a new project
              </button>
            </div>
          )}
        </div>
      </Dialog>
      <Dialog open={sheet === 'recent'} onClose={() => setSheet(null)} title="Recent chats" placement="side">
        <button type="button" onClick={startNew} className="btn-primary mb-4 h-10 w-full text-sm">
          <PlusIcon className="h-4 w-4" />
          New chat
        </button>
        <RecentChats currentId={projectId} onNavigate={() => setSheet(null)} />
      </Dialog>
    </div>
  );
}
