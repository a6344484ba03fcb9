/** The design-idea gallery's public face: what the composition root and other modules use of it. */
export { createIdeasRepo, type IdeasRepo, type IdeaProjectRow } from './ideas.repo.js';
export { createIdeasService, IdeaAdminAction, IdeaMsg, type IdeasService, type ImageKeywordsEngine } from './ideas.service.js';
export { createIdeaFiling, type IdeaFiling } from './idea-filing.js';
export { createIdeaSeeding, ideaSeedPlan, type IdeaSeeding, type IdeaSeedReport } from './idea-seed.js';
export { IDEA_BRIEFS, type IdeaBrief } from './idea-briefs.js';
export { PACKSMITH_USER_ID } from './ideas.dto.js';
export { createIdeaIndexCache, type IdeaIndexCache } from './idea-index.js';
