import { hash, verify } from '@node-rs/argon2';
import type { Logger } from 'pino';
import type { Db, DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import type { AuthContext, UserRow } from '../../http/auth-context.js';
import { badRequest } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import type { CreditService } from '../credits/credit.service.js';
import type { MailService } from '../mail/mail.service.js';
import { createSessionRepo } from '../session/session.repo.js';
import type { SessionService } from '../session/session.service.js';
import type { UserSettingsService } from '../user/user-settings.service.js';
import { createUserRepo } from '../user/user.repo.js';
import { createAccountRepo, type CodePurpose, type EmailCodeRow } from './account.repo.js';
import { CODE_MAX_ATTEMPTS, CODE_RESEND_MS, CODE_TTL_MS, emailCodeMatches, hashEmailCode, newEmailCode } from './email-code.js';

export const AccountMsg = {
  waitForCode: 'Please wait a minute before asking for another code.',
  emailTaken: 'An account with this email already exists.',
  noAccount: 'No account uses this email. Please sign up first.',
  badLogin: 'Incorrect email or password.',
  codeMissing: 'Please ask for a verification code first.',
  codeWrong: 'The code is incorrect. Please check the email we sent you.',
  codeExpired: 'The code has expired. Please ask for a new one.',
  codeUsed: 'This code has already been used. Please ask for a new one.',
  codeLocked: 'Too many wrong codes. Please ask for a new one.',
} as const;

export interface NewAccount {
  email: string | null;
  name?: string | null;
  avatar?: string | null;
  passwordHash?: string | null;
  signupOrigin?: string;
}

/**
 * Accounts: email codes, registration, password or code sign-in, sign-out, and the one-time move of a
 * visitor's guest projects into the account they sign in to (SPEC §4 Session).
 */
export function createAccountService(deps: {
  db: Db;
  sessions: SessionService;
  credits: CreditService;
  mail: MailService;
  settings: UserSettingsService;
  log: Logger;
  /** Server-side secret mixed into email code hashes. */
  pepper: string;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const repo = createAccountRepo(deps.db);
  const users = createUserRepo(deps.db);
  // Verified against when the email is unknown, so a miss costs as long as a wrong password.
  let dummyHash: Promise<string> | null = null;
  const dummy = () => (dummyHash ??= hash(`no-such-user-${newId()}`));

  /** Takes one attempt at the latest code of `purpose` for `email`; the row when it matches. */
  async function checkCode(email: string, purpose: CodePurpose, code: string): Promise<EmailCodeRow> {
    const row = await repo.latestCode(email, purpose);
    if (!row) throw badRequest(AccountMsg.codeMissing);
    if (row.usedAt) throw badRequest(AccountMsg.codeUsed);
    if (row.expiresAt.getTime() <= now().getTime()) throw badRequest(AccountMsg.codeExpired);
    const attempts = await repo.takeAttempt(row.id, CODE_MAX_ATTEMPTS);
    if (attempts === null) throw badRequest(AccountMsg.codeLocked);
    if (!emailCodeMatches(deps.pepper, email, code, row.codeHash)) {
      throw badRequest(attempts >= CODE_MAX_ATTEMPTS ? AccountMsg.codeLocked : AccountMsg.codeWrong);
    }
    return row;
  }

  async function consumeCode(tx: DbOrTx, row: EmailCodeRow): Promise<void> {
    if (!(await createAccountRepo(tx).markCodeUsed(row.id, now()))) throw badRequest(AccountMsg.codeUsed);
  }

  /** The live guest behind a visitor's guest token, or null (unknown, expired, merged or a registered user). */
  async function resolveTourist(token: string): Promise<string | null> {
    if (!token) return null;
    const auth = await deps.sessions.authenticate(token);
    return auth !== 'invalid' && auth.user.type === 'guest' ? auth.user.id : null;
  }

  /**
   * Moves a guest's projects, files and upload history to `userId`, marks the guest merged and
   * revokes its sessions, all inside `tx`. Happens at most once per guest (the claim is conditional).
   */
  async function mergeTourist(tx: DbOrTx, guestId: string | null, userId: string): Promise<boolean> {
    if (!guestId || guestId === userId) return false;
    const r = createAccountRepo(tx);
    if (!(await r.claimGuest(guestId, userId))) return false;
    const moved = await r.moveProjects(guestId, userId);
    await r.moveFiles(guestId, userId);
    await deps.settings.mergeUploadHistory(tx, guestId, userId);
    await createSessionRepo(tx).revokeAllForUser(guestId, now());
    deps.log.info({ guestId, userId, projects: moved }, 'guest merged into account');
    return true;
  }

  /** A registered user with the starting credits, created inside `tx`. */
  async function createUser(tx: DbOrTx, account: NewAccount): Promise<UserRow> {
    const user = await createUserRepo(tx).insert({
      id: newId(),
      type: 'user',
      email: account.email,
      name: account.name ?? null,
      avatar: account.avatar ?? null,
      passwordHash: account.passwordHash ?? null,
      signupOrigin: account.signupOrigin || null,
    });
    await deps.credits.grantSignupBonus(user.id, tx);
    return user;
  }

  return {
    resolveTourist,
    mergeTourist,
    createUser,

    async requestCode(input: { email: string; login: boolean }): Promise<{ sent: boolean; expires_in: number }> {
      const purpose: CodePurpose = input.login ? 'login' : 'register';
      const existing = await users.findByEmail(input.email);
      if (purpose === 'register' && existing) throw badRequest(AccountMsg.emailTaken);
      if (purpose === 'login' && !existing) throw badRequest(AccountMsg.noAccount);
      const code = newEmailCode();
      const id = newId();
      const at = now();
      await deps.db.transaction(async (tx) => {
        const r = createAccountRepo(tx);
        await r.lockEmail(input.email);
        const latest = await r.latestCode(input.email);
        if (latest && at.getTime() - latest.createdAt.getTime() < CODE_RESEND_MS) throw badRequest(AccountMsg.waitForCode);
        await r.insertCode({
          id,
          email: input.email,
          codeHash: hashEmailCode(deps.pepper, input.email, code),
          purpose,
          expiresAt: new Date(at.getTime() + CODE_TTL_MS),
          createdAt: at,
        });
      });
      const what = purpose === 'register' ? 'finish creating your Packsmith account' : 'sign in to Packsmith';
      try {
        await deps.mail.send({
          to: input.email,
          subject: `Your Packsmith code: ${code}`,
          text: `Your verification code is ${code}\n\nEnter it to ${what}. It expires in 10 minutes.\nIf you did not ask for it, ignore this email.`,
        });
      } catch (err) {
        // An unsent code must not hold the 60-second limit against the person retrying.
        await repo.deleteCode(id);
        throw err;
      }
      return { sent: true, expires_in: CODE_TTL_MS / 1000 };
    },

    async register(input: { email: string; password: string; code: string; name?: string; origin: string; tourist: string }): Promise<{ token: string }> {
      if (await users.findByEmail(input.email)) throw badRequest(AccountMsg.emailTaken);
      const codeRow = await checkCode(input.email, 'register', input.code);
      const passwordHash = await hash(input.password);
      const guestId = await resolveTourist(input.tourist);
      let user: UserRow;
      try {
        user = await deps.db.transaction(async (tx) => {
          await consumeCode(tx, codeRow);
          const created = await createUser(tx, { email: input.email, name: input.name || null, passwordHash, signupOrigin: input.origin });
          await mergeTourist(tx, guestId, created.id);
          return created;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest(AccountMsg.emailTaken);
        throw err;
      }
      return { token: await deps.sessions.issue(user.id, 'user') };
    },

    async login(input: { email: string; password: string; code?: string; tourist: string }): Promise<{ token: string }> {
      const user = await users.findByEmail(input.email);
      let codeRow: EmailCodeRow | null = null;
      if (input.code !== undefined) {
        if (!user) throw badRequest(AccountMsg.badLogin);
        codeRow = await checkCode(input.email, 'login', input.code);
      } else {
        const stored = user?.passwordHash ?? null;
        const ok = await verify(stored ?? (await dummy()), input.password).catch(() => false);
        if (!user || !stored || !ok) throw badRequest(AccountMsg.badLogin);
      }
      const guestId = await resolveTourist(input.tourist);
      if (codeRow || guestId) {
        await deps.db.transaction(async (tx) => {
          if (codeRow) await consumeCode(tx, codeRow);
          await mergeTourist(tx, guestId, user.id);
        });
      }
      return { token: await deps.sessions.issue(user.id, 'user') };
    },

    async logout(auth: AuthContext): Promise<{ revoked: boolean }> {
      return { revoked: await deps.sessions.revoke(auth.session.id) };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
