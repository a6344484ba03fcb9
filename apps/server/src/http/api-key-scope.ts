import type { RouteRef } from './auth-context.js';

/**
 * The calls an API key may make (docs/API.md "API access"): the one place that says so. Anything
 * not matched here — account, sign-in/out, settings, payments, redeem codes, admin, the API key
 * calls themselves, analytics — answers 403 to a key, so a leaked key can spend credits on designs
 * but cannot buy, change the account, mint more keys or reach another area.
 *
 * A prefix matches its path and everything under it on a segment boundary (`/api/project` matches
 * `/api/project/info`, never `/api/projectX`). Routes are matched by their registered pattern.
 */
export const API_KEY_ROUTES: readonly { prefix: string; methods?: readonly string[]; why: string }[] = [
  { prefix: '/api/chat', why: 'design chat: brief, messages, history' },
  { prefix: '/api/paint', why: 'design generation (imagine, retry)' },
  { prefix: '/api/generate', why: 'generation, edits, image tools and job records (polling)' },
  { prefix: '/api/project', why: 'projects: create, read, update, delete, children, likes' },
  { prefix: '/api/upload', why: 'image uploads (multipart and direct)' },
  { prefix: '/api/aws/token', why: 'the upload token an upload form carries' },
  { prefix: '/api/file', why: 'downloads of the caller’s files' },
  { prefix: '/api/photoshoot', why: 'photo shoot' },
  { prefix: '/api/mockup', why: 'mockups and templates' },
  { prefix: '/api/material', why: 'mockup materials' },
  { prefix: '/api/composite', why: 'mockup compositions' },
  { prefix: '/api/segment', why: 'segmentation for mockups' },
  { prefix: '/api/vector', why: 'keyword search of images' },
  { prefix: '/api/catalog', why: 'the box catalogue' },
  { prefix: '/api/quotation', why: 'quotation: estimates, the pricing-tool chat, saved quotes and their PDF' },
  { prefix: '/api/credits/history', methods: ['GET'], why: 'credits spent and granted' },
  { prefix: '/api/user/me', methods: ['GET'], why: 'who the key acts as, and the credit balance' },
  { prefix: '/api/user/info', methods: ['GET'], why: 'the caller’s extra info' },
  { prefix: '/api/factory', methods: ['GET'], why: 'the factory directory (public reads)' },
  { prefix: '/api/subject/list', methods: ['GET'], why: "the design request form's subjects (sending a request stays in the app: it mails the studio)" },
  { prefix: '/api/font/list', methods: ['GET'], why: 'the fonts the design engine ships, with their files and previews' },
  { prefix: '/api/print', methods: ['GET'], why: 'the print check of a design and the caller’s print requests (sending one stays in the app)' },
];

/** Whether an API key may make the call at `route` (its method and registered URL pattern). */
export function apiKeyMayCall(route: RouteRef): boolean {
  const method = route.method.toUpperCase();
  return API_KEY_ROUTES.some((r) => (route.path === r.prefix || route.path.startsWith(`${r.prefix}/`)) && (!r.methods || r.methods.includes(method)));
}
