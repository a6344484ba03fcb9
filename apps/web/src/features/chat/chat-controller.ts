import { startNewChat } from '../../stores/new-chat';
import { recommendationText, type BoxOption } from './chat-data';
import type { ChatStoreApi } from './chat.store';
import { createConnection } from './controller/connection';
import { createConversation, type Conversation } from './controller/conversation';
import { createGenerations } from './controller/generations';
import { createHistoryMerge } from './controller/history-merge';
import { createLikesQueue, type LikesQueue } from './controller/likes-queue';
import { createChatOpening, type ChatOpening } from './controller/opening';
import { createPreview, type Preview } from './controller/preview';
import { createProjectCreation, type CreateChatProject } from './controller/project-creation';
import { createProjectState, type ProjectState } from './controller/project-state';
import { createRunGuard } from './controller/run-guard';

export interface ChatControllerOptions {
  store: ChatStoreApi;
  /** A new chat was started here: what other screens kept of their chats goes too (SPEC §4). */
  onNewChat?(): void;
}

/**
 * One open chat (a chat screen or drawer): its store, its room, its polls and its queues. Two can be
 * open at once, each on its own project. `dispose` closes it; it can be opened again afterwards.
 */
export interface ChatController
  extends
    ChatOpening,
    Preview,
    Omit<Conversation, 'takeAnswer'>,
    Pick<ProjectState, 'selectPanelBox' | 'saveBrief' | 'loadBoxCatalog'>,
    Pick<LikesQueue, 'toggleImageLike' | 'togglePhotoLike'> {
  readonly store: ChatStoreApi;
  /** SPEC §4: a new chat resets all project, photo, mockup and chat state. */
  newChat(): void;
  /** Closes the chat and lets go of the socket; like presses already made still go to the server. */
  dispose(): void;
  /** Resolves when every like press made so far has been answered. */
  settled(): Promise<void>;
  createChatProject: CreateChatProject;
  /** "Make a child design": a child project from this image; resolves its id (the screen navigates). */
  makeChildDesign(imageUrl: string): Promise<string | null>;
  /** A box card in the chat: the choice goes to the assistant as a message and is selected at once. */
  chooseBoxOption(option: BoxOption): Promise<boolean>;
  /** "Use these" under recommended styles and colours. */
  sendRecommendation(styles: readonly string[], colors: readonly string[]): Promise<boolean>;
  /**
   * Follows a record the screen learnt about another way (a photo shoot's task message in the history
   * after a reload): progress, polling, and its answer fetched when it is done.
   */
  followRecord(recordId: string): void;
}

export function createChatController({ store, onNewChat }: ChatControllerOptions): ChatController {
  const run = createRunGuard(store);
  const likes = createLikesQueue(store, run);
  // Parts that call each other get late-bound callbacks: each is made before the one it calls back.
  const project = createProjectState({ store, run, confirmLikes: likes.confirm, saveLocalHistory: () => history.saveLocal() });
  const generations = createGenerations({ store, run, refetchHistory: (projectId) => history.refetch(projectId), onFinished: project.scheduleRefresh });
  const history = createHistoryMerge({ store, run, project, generations });
  const conversation = createConversation({ store, run, absorb: history.absorb, track: generations.track });
  const connection = createConnection(store, {
    message: (m) => history.absorb([m]),
    progress: generations.progress,
    done: (recordId, failed) => void generations.finish(recordId, failed),
    projectUpdated: project.scheduleRefresh,
    rejoined: (projectId) => void history.refetch(projectId),
  });
  const opening = createChatOpening({ store, run, connection, history, project, takeAnswer: conversation.takeAnswer });
  const createChatProject = createProjectCreation();

  return {
    store,
    ...opening,
    ...createPreview(store),
    newChat() {
      opening.closeChat();
      startNewChat();
      store.getState().reset();
      onNewChat?.();
    },
    dispose() {
      opening.closeChat();
      connection.detach();
    },
    settled: likes.flushed,
    createChatProject,
    makeChildDesign(imageUrl) {
      const projectId = store.getState().projectId;
      if (!projectId) return Promise.resolve(null);
      return createChatProject({ child: { parentProjectId: projectId, imageUrl } });
    },
    sendMessage: conversation.sendMessage,
    runTask: conversation.runTask,
    generateDesigns: conversation.generateDesigns,
    retryMessage: conversation.retryMessage,
    editDesign: conversation.editDesign,
    chooseBoxOption(option) {
      project.selectBox(option);
      return conversation.sendMessage(option.name);
    },
    sendRecommendation: (styles, colors) => conversation.sendMessage(recommendationText(styles, colors)),
    selectPanelBox: project.selectPanelBox,
    saveBrief: project.saveBrief,
    loadBoxCatalog: project.loadBoxCatalog,
    toggleImageLike: likes.toggleImageLike,
    togglePhotoLike: likes.togglePhotoLike,
    followRecord: (recordId) => generations.track(recordId),
  };
}
