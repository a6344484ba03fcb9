import type { ChatMessage } from '@packsmith/contracts';
import type { ProjectEmitter } from '../../realtime/emitter.js';
import { toChatMessageDto } from './chat.dto.js';
import type { ChatRepo, NewChatMessage } from './chat.repo.js';

/** The chat of a tool's project (photo shoot, mockup studio): messages written once by id and emitted to the room. */
export interface ToolChat {
  /** Appends (skipping ids that exist), emits what was written as `chat:message`, answers it. */
  append(projectId: string, messages: readonly NewChatMessage[]): Promise<ChatMessage[]>;
  /** The message with this id: written now (and emitted) or the one already stored. */
  ensure(projectId: string, message: NewChatMessage): Promise<ChatMessage | null>;
  find(id: string): Promise<ChatMessage | null>;
  emit(messages: readonly ChatMessage[]): void;
}

export function createToolChat(deps: {
  chat: Pick<ChatRepo, 'append' | 'find'>;
  realtime: ProjectEmitter;
  log: { warn(obj: Record<string, unknown>, msg: string): void };
  /** Names the tool in log lines. */
  tool: string;
}): ToolChat {
  const { chat } = deps;
  function emit(messages: readonly ChatMessage[]): void {
    for (const message of messages) {
      try {
        deps.realtime.emitToProject(message.project_id, 'chat:message', message);
      } catch (err) {
        // History still has it; the next load shows it.
        deps.log.warn({ err, msgId: message.msg_id }, `${deps.tool}: emit failed`);
      }
    }
  }
  async function find(id: string): Promise<ChatMessage | null> {
    const row = await chat.find(id);
    return row ? toChatMessageDto(row) : null;
  }
  return {
    emit,
    find,
    async append(projectId, messages) {
      const dtos = (await chat.append(projectId, messages)).map(toChatMessageDto);
      emit(dtos);
      return dtos;
    },
    async ensure(projectId, message) {
      const [row] = await chat.append(projectId, [message]);
      if (!row) return find(message.id);
      const dto = toChatMessageDto(row);
      emit([dto]);
      return dto;
    },
  };
}
