import { z } from 'zod';
import { defineCall } from '../call.js';

/**
 * Calls gated by membership (SPEC §6), enforced by the server with the pure gates of membership.ts:
 * guest → 401 "Please sign in to continue.", unpaid → 403 "Please activate your membership.",
 * non-business → 403 "Please upgrade to a business membership.".
 */

/**
 * Full-resolution download of one of our stored files (`/files/<key>`, relative or on our own origin).
 * On success the answer is the file itself (content-disposition: attachment), NOT the envelope, so
 * clients fetch it as a blob; refusals still answer the envelope with their code.
 */
export const fileDownload = defineCall({
  method: 'GET',
  path: '/api/file/download',
  auth: 'session',
  summary: 'Download a stored file at full resolution (paid members)',
  input: z.object({ url: z.string().min(1, 'Please give the file URL.').max(2000) }),
  data: z.never(),
});

/** Opening the packaging editor: free once, afterwards paid members only. */
export const editorOpen = defineCall({
  method: 'POST',
  path: '/api/editor/open',
  auth: 'session',
  summary: 'Open the AI packaging editor',
  input: z.object({ project_id: z.string().max(64).optional() }),
  data: z.object({
    /** True when this opening used the one free use of an unpaid account. */
    free_use: z.boolean(),
    editor_used: z.boolean(),
  }),
});

/** API access is a business feature (SPEC §6 plan contents). */
export const apiAccess = defineCall({
  method: 'POST',
  path: '/api/user/api_access',
  auth: 'session',
  summary: 'Check or enable API access (business members)',
  input: z.object({}),
  data: z.object({ enabled: z.boolean() }),
});
