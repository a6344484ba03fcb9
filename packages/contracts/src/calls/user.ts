import { z } from 'zod';
import { defineCall } from '../call.js';
import { GenerateNumSchema, UserSchema } from '../entities.js';

const TokenData = z.object({ token: z.string() });
const Empty = z.object({});
const Email = z.string().trim().toLowerCase().email('Please enter a valid email address.').max(254);
/** Password bounds are not in the spec; 8–128 characters is what users of peers expect. */
const Password = z.string().min(8, 'Password must be at least 8 characters.').max(128, 'Password must be at most 128 characters.');
/** ref and utm_source of the visit, kept for attribution (SPEC §7: origin). */
const Origin = z.string().max(500).optional().default('');

export const guestLogin = defineCall({
  method: 'POST',
  path: '/api/user/guest_login',
  auth: 'public',
  summary: 'Create a guest session',
  input: Empty,
  data: TokenData,
});

export const me = defineCall({
  method: 'GET',
  path: '/api/user/me',
  auth: 'session',
  summary: 'The current user',
  input: Empty,
  data: UserSchema,
});

export const info = defineCall({
  method: 'GET',
  path: '/api/user/info',
  auth: 'session',
  summary: 'Extra user info: plan label, permissions, limits',
  input: Empty,
  data: z.object({
    tier: z.enum(['business', 'pro', 'normal']),
    is_paid: z.boolean(),
    can_download: z.boolean(),
    can_use_editor: z.boolean(),
    may_purchase: z.boolean(),
    designs_per_prompt: z.number().int(),
    upgrade_targets: z.array(z.string()),
    generate_count_display: z.number().int(),
  }),
});

export const ip = defineCall({
  method: 'GET',
  path: '/api/user/ip',
  auth: 'public',
  summary: 'Record or look up the visitor IP',
  input: z.object({ ip: z.string().max(64).optional() }),
  data: z.object({ ip: z.string(), first_seen: z.number().int() }),
});

/** login=false: a sign-up code (the email must be new); login=true: a sign-in code for an existing account. */
export const verifyEmail = defineCall({
  method: 'POST',
  path: '/api/user/verfiryEmail',
  auth: 'public',
  summary: 'Send a 6-digit code to an email address',
  input: z.object({ email: Email, login: z.boolean().optional().default(false) }),
  data: z.object({ sent: z.boolean(), expires_in: z.number().int() }),
});

export const registerWithVerify = defineCall({
  method: 'POST',
  path: '/api/user/accountRegisterWithVerify',
  auth: 'public',
  summary: 'Create an account with the emailed code',
  input: z.object({
    email: Email,
    password: Password,
    code: z.string().regex(/^\d{6}$/, 'The code is the 6 digits we emailed you.'),
    name: z.string().trim().max(80).optional(),
    origin: Origin,
    tourist: z.string().max(200).optional().default(''),
  }),
  data: TokenData,
});

export const accountLogin = defineCall({
  method: 'POST',
  path: '/api/user/accountLogin',
  auth: 'public',
  summary: 'Sign in with email and password',
  input: z
    .object({
      email: Email,
      password: z.string().max(128).optional().default(''),
      /** Instead of the password: a code from verfiryEmail with login=true (accounts made by social sign-in have no password). */
      code: z
        .string()
        .regex(/^\d{6}$/, 'The code is the 6 digits we emailed you.')
        .optional(),
      project_id: z.string().max(64).optional().default(''),
      tourist: z.string().max(200).optional().default(''),
    })
    .refine((v) => v.password !== '' || v.code !== undefined, { message: 'Please enter your password.', path: ['password'] }),
  data: TokenData,
});

export const logout = defineCall({
  method: 'POST',
  path: '/api/user/logout',
  auth: 'session',
  summary: 'Revoke the current token',
  input: Empty,
  data: z.object({ revoked: z.boolean() }),
});

export const OAUTH_PROVIDERS = ['google'] as const;
export const OAuthProviderSchema = z.enum(OAUTH_PROVIDERS);

export const oauthProviders = defineCall({
  method: 'GET',
  path: '/api/oauth/providers',
  auth: 'public',
  summary: 'Social sign-in providers configured on this server',
  input: Empty,
  data: z.object({ providers: z.array(OAuthProviderSchema), google_client_id: z.string().nullable() }),
});

/** Path has {provider}; the server registers it as /api/oauth/:provider/auth_url. */
export const oauthAuthUrl = defineCall({
  method: 'POST',
  path: '/api/oauth/:provider/auth_url',
  auth: 'public',
  summary: 'Social sign-in URL',
  input: z.object({
    origin: Origin,
    tourist: z.string().max(200).optional().default(''),
    redirect_to: z.string().max(2000).optional().default('/'),
    project_id: z.string().max(64).optional().default(''),
    token: z.string().max(200).optional().default(''),
  }),
  data: z.object({ url: z.string() }),
});

export const oauthToken = defineCall({
  method: 'POST',
  path: '/api/user/oauth/token',
  auth: 'public',
  summary: 'Sign in with a one-tap credential (JWT)',
  input: z.object({
    origin: Origin,
    tourist: z.string().max(200).optional().default(''),
    credential: z.string().min(1).max(8000),
    project_id: z.string().max(64).optional().default(''),
  }),
  data: TokenData,
});

export const UploadHistoryItemSchema = z.object({
  url: z.string().max(2000),
  name: z.string().max(300).optional(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  time: z.number().int().optional(),
});

export const getUploadHistory = defineCall({
  method: 'GET',
  path: '/api/user/upload/history',
  auth: 'session',
  summary: 'Upload history of the user',
  input: Empty,
  data: z.object({ history: z.array(UploadHistoryItemSchema) }),
});

export const putUploadHistory = defineCall({
  method: 'PUT',
  path: '/api/user/upload/history',
  auth: 'session',
  summary: 'Replace the upload history',
  input: z.object({ history: z.array(UploadHistoryItemSchema).max(200) }),
  data: z.object({ history: z.array(UploadHistoryItemSchema) }),
});

export const setGenerateNum = defineCall({
  method: 'POST',
  path: '/api/user/setting/generate/num',
  auth: 'session',
  summary: 'Designs generated per prompt / edit',
  input: z.object({ data: GenerateNumSchema.partial() }),
  data: GenerateNumSchema,
});

export const apiIntention = defineCall({
  method: 'POST',
  path: '/api/user/api_intention',
  auth: 'session',
  summary: 'Register interest in API access',
  input: z.object({ company: z.string().max(200).optional(), use_case: z.string().max(2000).optional(), email: Email.optional() }),
  data: z.object({ recorded: z.boolean() }),
});

export const pageView = defineCall({
  method: 'POST',
  path: '/api/analytics/page_view',
  auth: 'public',
  summary: 'Report a page view with its route name',
  input: z.object({
    route_name: z.string().min(1).max(64),
    path: z.string().max(2000),
    referrer: z.string().max(2000).optional(),
    ref: z.string().max(200).optional(),
    utm_source: z.string().max(200).optional(),
  }),
  data: z.object({ recorded: z.boolean() }),
});
