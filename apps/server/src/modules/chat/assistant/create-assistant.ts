/** Chooses the assistant: the local rules unless a language model is configured (LLM_BASE_URL). */
import type { Config } from '../../../config.js';
import type { Assistant, AssistantLogger } from './assistant.js';
import { createOpenAiCompatibleAssistant } from './llm/openai-compatible.js';
import { createLocalAssistant } from './local/local-assistant.js';

export function createAssistant(config: Pick<Config, 'llm'>, log: AssistantLogger): Assistant {
  if (!config.llm) return createLocalAssistant();
  return createOpenAiCompatibleAssistant({ ...config.llm, log });
}
