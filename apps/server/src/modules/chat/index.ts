/** The chat module's public face: what the composition root and other modules use of it. */
export { createChatRepo, type ChatMessageRow, type ChatRepo, type NewChatMessage } from './chat.repo.js';
export { toChatMessageDto } from './chat.dto.js';
export { createChatService, type ChatService } from './chat.service.js';
export { createAnalysisRepo, type AnalysisRepo } from './analysis.repo.js';
export { createAnalysisService, type AnalysisService } from './analysis.service.js';
export { createAssistant } from './assistant/create-assistant.js';
export { createDesignJobs } from './design.job.js';
export { createDesignResultsRepo, type DesignResultsRepo } from './design-results.repo.js';
export { engineDesignPipeline, warmUpDesignEngine, type DesignPipeline } from './design-pipeline.js';
export { medianCut } from './image-analysis.js';
export { createToolChat, type ToolChat } from './tool-chat.js';
export { designsMetaOf, DesignFacesMetaSchema, type DesignFacesMeta, type DesignMeta } from './design-brief.js';
export { boxOptionsFor } from './assistant/local/dialogue.js';
export { createChatCompletionsClient, ChatCompletionsError, type ChatCompletionsClient } from './assistant/llm/chat-completions.js';
