/** The design request's public face (docs/DESIGN-REQUESTS.md): the form's call, its subjects, the mail retry and the admin list. */
export { createDesignRequestRepo, type DesignRequestRepo, type DesignRequestRow } from './design-request.repo.js';
export {
  createDesignRequestService,
  subjectList,
  toDesignRequestRecord,
  newReference,
  retryDelayMs,
  DesignRequestMsg,
  DesignRequestAction,
  REFERENCE_PATTERN,
  type DesignRequestService,
  type DesignRequestTx,
} from './design-request.service.js';
export { requesterMail, studioMail } from './design-request.mail.js';
