import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { projectCalls, type Project, type ProjectType } from '@packsmith/contracts';
import { apiCall } from '../../api/client';
import { ApiError } from '../../api/error-catalogue';
import { AppLink } from '../../components/AppLink';
import { ChatProvider, PAGE_CHAT, useChatController } from '../../features/chat/chat-context';
import { usesDrawer } from '../../features/chat/chat-data';
import { ChatDrawer } from '../../features/chat/components/ChatDrawer';
import { ChatWorkspace } from '../../features/chat/components/ChatWorkspace';
import { ChatIcon } from '../../features/chat/components/icons';
import { LazyImage } from '../../features/chat/components/LazyImage';
import { RecentChats } from '../../features/chat/components/RecentChats';
import { PageFrame } from '../../layout/PageFrame';
import { useProjectStore } from '../../stores/project.store';
import { useUiStore } from '../../stores/ui.store';

const TOOL_OF: Partial<Record<ProjectType, { label: string; href: string; assistant: string }>> = {
  photoshoot: { label: 'Open the photo shoot', href: '/photoshoot', assistant: 'Photo shoot assistant' },
  mockup: { label: 'Open the mockup tool', href: '/aimockup', assistant: 'Mockup assistant' },
  pricing_tool: { label: 'Open the quotation tool', href: '/aiquotation', assistant: 'Quotation assistant' },
};

type Load = { kind: 'loading' } | { kind: 'ready'; project: Project } | { kind: 'error'; message: string };

/** Every image a project holds, newest results first. */
function projectImages(p: Project): string[] {
  const data = p.data;
  const extra = [data.cutout_image, data.select_background, data.origin_image, data.mockup_origin_image, ...(data.imageUrls ?? [])].filter(
    (u): u is string => typeof u === 'string',
  );
  return [...new Set([...[...p.result_list].reverse().flat(), ...extra].filter((u) => u.trim() !== ''))];
}

function InlineWorkspace({ id }: { id: string }) {
  const chat = useChatController();
  useEffect(() => {
    useUiStore.getState().close('chatDrawer');
    void chat.openChat(id, { surface: 'page' });
    return () => chat.closeChat();
  }, [chat, id]);
  return <ChatWorkspace heading="Chat" />;
}

/** A design chat opened from /chat: the same workspace as /design-chat. */
function DesignChatInline({ id }: { id: string }) {
  return (
    <ChatProvider keepAs={PAGE_CHAT} projectId={id}>
      <InlineWorkspace id={id} />
    </ChatProvider>
  );
}

/** A photo shoot, mockup or quotation project: its images, with its chat in the drawer (SPEC §2). */
function DrawerChat({ project }: { project: Project }) {
  const drawerOpen = useUiStore((s) => s.chatDrawer);
  const tool = TOOL_OF[project.type];
  const images = projectImages(project);
  useEffect(() => {
    useUiStore.getState().open('chatDrawer');
    return () => useUiStore.getState().close('chatDrawer');
  }, [project.project_id]);
  return (
    <div className={drawerOpen ? 'sm:pr-[26rem]' : ''}>
      <PageFrame
        route="chat"
        eyebrow={project.name}
        description="The conversation behind this project: every step the assistant took and every image it made."
        actions={
          <>
            {tool && (
              <AppLink to={tool.href} className="btn-secondary h-10 px-4 text-sm">
                {tool.label}
              </AppLink>
            )}
            <button
              type="button"
              className="btn-primary h-10 px-4 text-sm"
              aria-pressed={drawerOpen}
              onClick={() => useUiStore.getState().toggle('chatDrawer')}
            >
              <ChatIcon className="h-4 w-4" />
              {drawerOpen ? 'Hide chat' : 'Open chat'}
            </button>
          </>
        }
      >
        <div>
          {images.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-12 text-center text-sm text-slate-500">
              No images in this project yet. Ask the assistant to start.
            </p>
          ) : (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Project images">
              {images.map((url, i) => (
                <li key={url}>
                  <LazyImage src={url} alt={`Project image ${i + 1}`} className="aspect-square rounded-xl border border-slate-200" fit="contain" />
                </li>
              ))}
            </ul>
          )}
        </div>
        <ChatDrawer projectId={project.project_id} title={tool?.assistant ?? 'Assistant'} />
      </PageFrame>
    </div>
  );
}

function ChooseChat() {
  // The project state holds the chat last open in this tab: the list marks it.
  const lastOpen = useProjectStore((s) => s.project_id);
  return (
    <PageFrame route="chat" description="Pick up a conversation where you left it. Chats you open on this device are listed here.">
      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <section aria-label="Recent chats" className="card p-3">
          <RecentChats currentId={lastOpen || null} />
        </section>
        <div className="flex flex-col gap-3">
          <AppLink to="/design-chat" className="btn-primary h-11 px-5">
            Start a design chat
          </AppLink>
          <AppLink to="/my_project" className="btn-secondary h-11 px-5">
            All my projects
          </AppLink>
        </div>
      </div>
    </PageFrame>
  );
}

/** /chat?id= (SPEC §2): a project's chat, whatever its chat type. */
function ChatPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!id) return;
    let cancelled = false;
    setLoad({ kind: 'loading' });
    apiCall(projectCalls.info, { project_id: id })
      .then((project) => !cancelled && setLoad({ kind: 'ready', project }))
      .catch((err: unknown) => !cancelled && setLoad({ kind: 'error', message: err instanceof ApiError ? err.message : 'The project could not be loaded.' }));
    return () => {
      cancelled = true;
    };
  }, [id, attempt]);

  if (!id) return <ChooseChat />;
  if (load.kind === 'ready' && load.project.project_id === id) {
    return usesDrawer(load.project.type) && load.project.type !== 'childDesign' ? <DrawerChat project={load.project} /> : <DesignChatInline id={id} />;
  }
  return (
    <PageFrame route="chat" description={load.kind === 'error' ? 'This chat could not be opened.' : 'Opening the chat…'}>
      {load.kind === 'error' ? (
        <div role="alert" className="rounded-2xl border border-rose-200 bg-rose-50 p-6 text-sm text-rose-800">
          <p>{load.message}</p>
          <button type="button" className="btn-secondary mt-4 h-10 px-4" onClick={() => setAttempt((a) => a + 1)}>
            Try again
          </button>
        </div>
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="aspect-square animate-pulse rounded-xl bg-slate-100" />
          ))}
        </div>
      )}
    </PageFrame>
  );
}

export { ChatPage as Component };
