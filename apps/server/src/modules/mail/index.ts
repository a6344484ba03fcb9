/** The mail module's public face: what the composition root and other modules use of it. */
export { createMailRepo, type MailRepo } from './mail.repo.js';
export { createMailService, type MailService } from './mail.service.js';
