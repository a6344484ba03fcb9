/** The analytics module's public face: what the composition root uses of it. */
export { createAnalyticsRepo, type AnalyticsRepo } from './analytics.repo.js';
export { createAnalyticsService, type AnalyticsService } from './analytics.service.js';
