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
  input: z.object({
    /**
     * A design project (its design opens as an editor document, a new ai_editor project with it as
     * parent; an earlier editor project of the same design is reused), or an ai_editor project
     * (reopened). Absent: a blank document of `box_id` at `dimensions`.
     */
    project_id: z.string().max(64).optional(),
    /** Which design of the project (its packshot URL, a key of data.designs_meta); absent = the latest. */
    image_url: z.string().max(2000).optional(),
    /** A blank document's box type (the design engine's box id) and inside dimensions in mm. */
    box_id: z.number().int().positive().optional(),
    dimensions: z.record(z.string().regex(/^[A-Za-z]+$/), z.number().positive().max(4000)).optional(),
  }),
  data: z.object({
    /** True when this opening used the one free use of an unpaid account. */
    free_use: z.boolean(),
    editor_used: z.boolean(),
    /** The ai_editor project holding the document (GET /api/editor/document). */
    editor_project_id: z.string(),
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
