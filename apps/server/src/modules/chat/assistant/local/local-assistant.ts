/** The default assistant: rule-based extraction and the shared dialogue policy, no network. */
import type { ChatType, DesignBrief } from '@packsmith/contracts';
import type { Assistant, AssistantInput, AssistantReply, AssistantResult } from '../assistant.js';
import { decideTurn, helloReplies } from './dialogue.js';
import { extractBrief } from './extract.js';

/** One turn, synchronously (what the local assistant and the LLM fallback run). */
export function respondLocally(input: AssistantInput): AssistantResult {
  const update = extractBrief(input.text, { brief: input.brief, awaiting: input.state.awaiting });
  return decideTurn(input, update);
}

export function createLocalAssistant(): Assistant {
  return {
    kind: 'local',
    hello: async (chatType: ChatType, brief: DesignBrief): Promise<AssistantReply[]> => helloReplies(chatType, brief),
    respond: async (input: AssistantInput): Promise<AssistantResult> => respondLocally(input),
  };
}
