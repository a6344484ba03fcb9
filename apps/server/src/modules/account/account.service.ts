import { hash, verify } from '@node-rs/argon2';
import type { Logger } from 'pino';
import { ApiKeyMsg } from '@packsmith/contracts';
import { isUniqueViolation } from '../../db/pg-errors.js';
import type { Transact } from '../../db/transact.js';
import type { AuthContext, UserRow } from '../../http/auth-context.js';
import { badRequest, forbidden, tooManyRequests } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { waitInWords, type LimitRule } from '../../rate-limit/rate-limiter.js';
import type { CreditService, CreditTx } from '../credits/index.js';
import type { MailService } from '../mail/index.js';
import type { SessionService, SessionTx } from '../session/index.js';
import type { UserRepo, UserSettingsService, UserSettingsTx } from '../user/index.js';
import type { AccountRepo, CodePurpose, EmailCodeRow } from './account.repo.js';
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
  tooManySignIns: (wait: string) => `Too many failed sign-ins. Please try again in ${wait}.`,
  tooManyCodesFromAddress: (wait: string) => `Too many codes were asked for from your network. Please try again in ${wait}.`,
  tooManyCodesToEmail: (wait: string) => `Too many codes were sent to this email. Please try again in ${wait}.`,
} as const;

/** The abuse limits this service enforces (docs/SECURITY.md "Rate limits"). */
export interface AccountLimits {
  loginFailuresPerAccount: LimitRule;
  loginFailuresPerAddress: LimitRule;
  codeEmailsPerAddress: LimitRule;
  codeEmailsPerRecipient: LimitRule;
}

/** Who is asking, for the per-address limits. */
export interface ClientInfo {
  address: string;
}

export interface NewAccount {
  email: string | null;
  name?: string | null;
  avatar?: string | null;
  passwordHash?: string | null;
  signupOrigin?: string;
}

/** What a new account is written with inside a caller's transaction: the user row and its starting credits. */
export type NewUserTx = { users: UserRepo } & CreditTx;
/** What a guest merge is written with inside a caller's transaction. */
export type MergeTx = { account: AccountRepo } & UserSettingsTx & SessionTx;
/** The repositories of this service's transactions (and of a caller's that creates or merges accounts). */
export type AccountTx = NewUserTx & MergeTx;

/**
 * Accounts: email codes, registration, password or code sign-in, sign-out, and the one-time move of a
 * visitor's guest projects into the account they sign in to (SPEC §4 Session).
 */
export function createAccountService(deps: {
  repo: AccountRepo;
  users: UserRepo;
  /** A used code, a new user and a guest merge are written together. */
  transact: Transact<AccountTx>;
  sessions: SessionService;
  credits: CreditService;
  mail: MailService;
  settings: UserSettingsService;
  log: Logger;
  /** Server-side secret mixed into email code hashes. */
  pepper: string;
  limits: AccountLimits;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { repo, users } = deps;
  // Verified against when the email is unknown, so a miss costs as long as a wrong password.
  let dummyHash: Promise<string> | null = null;
  const dummy = () => (dummyHash ??= hash(`no-such-user-${newId()}`));

  /**
   * Counts a guess (password or code) from the client's address before it is checked; refused (code
   * 429, in words) over the limit. A right guess is taken back with `loginFailuresPerAddress.undo`.
   */
  async function attemptFromAddress(client: ClientInfo): Promise<void> {
    const byAddress = await deps.limits.loginFailuresPerAddress.attempt(client.address);
    if (!byAddress.ok) throw tooManyRequests(AccountMsg.tooManySignIns(waitInWords(byAddress.retryAfterMs)));
  }

  /**
   * Takes one attempt at the latest code for `email`, whatever it was sent for: what a code may do is
   * decided after it matched, because answering differently before that would tell whether an
   * account uses the email. The row when it matches; a miss counts against the client's address.
   */
  async function checkCode(email: string, code: string, client: ClientInfo): Promise<EmailCodeRow> {
    const row = await repo.latestCode(email);
    if (!row) throw badRequest(AccountMsg.codeMissing);
    if (row.usedAt) throw badRequest(AccountMsg.codeUsed);
    if (row.expiresAt.getTime() <= now().getTime()) throw badRequest(AccountMsg.codeExpired);
    await attemptFromAddress(client);
    const attempts = await repo.takeAttempt(row.id, CODE_MAX_ATTEMPTS);
    if (attempts === null) throw badRequest(AccountMsg.codeLocked);
    if (!emailCodeMatches(deps.pepper, email, code, row.codeHash)) {
      throw badRequest(attempts >= CODE_MAX_ATTEMPTS ? AccountMsg.codeLocked : AccountMsg.codeWrong);
    }
    await deps.limits.loginFailuresPerAddress.undo(client.address);
    return row;
  }

  /** Issues `user` a session, consuming the matched code (if any) and merging the visitor's guest. */
  async function finishSignIn(user: UserRow, codeRow: EmailCodeRow | null, tourist: string): Promise<{ token: string }> {
    const guestId = await resolveTourist(tourist);
    if (codeRow || guestId) {
      await deps.transact(async (tx) => {
        if (codeRow) await consumeCode(tx, codeRow);
        await mergeTourist(tx, guestId, user.id);
      });
    }
    return { token: await deps.sessions.issue(user.id, 'user') };
  }

  async function consumeCode(tx: { account: AccountRepo }, row: EmailCodeRow): Promise<void> {
    if (!(await tx.account.markCodeUsed(row.id, now()))) throw badRequest(AccountMsg.codeUsed);
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
  async function mergeTourist(tx: MergeTx, guestId: string | null, userId: string): Promise<boolean> {
    if (!guestId || guestId === userId) return false;
    const r = tx.account;
    if (!(await r.claimGuest(guestId, userId))) return false;
    const moved = await r.moveProjects(guestId, userId);
    await r.moveFiles(guestId, userId);
    await r.moveMockupItems(guestId, userId);
    await deps.settings.mergeUploadHistory(tx, guestId, userId);
    // Through the session service: the guest's open sockets are dropped once this commits.
    await deps.sessions.revokeAllForUser(guestId, tx);
    deps.log.info({ guestId, userId, projects: moved }, 'guest merged into account');
    return true;
  }

  /** A registered user with the starting credits, created inside `tx`. */
  async function createUser(tx: NewUserTx, account: NewAccount): Promise<UserRow> {
    const user = await tx.users.insert({
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

    /**
     * Mails a code and answers the same whether or not an account uses the email (no account
     * enumeration, OWASP ASVS V2.x); the email says the rest. A registered address always gets a
     * sign-in code ("you already have an account"), an unregistered one a sign-up code.
     */
    async requestCode(input: { email: string; login: boolean }, client: ClientInfo): Promise<{ sent: boolean; expires_in: number }> {
      const byAddress = await deps.limits.codeEmailsPerAddress.consume(client.address);
      if (!byAddress.ok) throw tooManyRequests(AccountMsg.tooManyCodesFromAddress(waitInWords(byAddress.retryAfterMs)));
      const existing = await users.findByEmail(input.email);
      const purpose: CodePurpose = existing ? 'login' : 'register';
      const code = newEmailCode();
      const id = newId();
      const at = now();
      await deps.transact(async (tx) => {
        const r = tx.account;
        await r.lockEmail(input.email);
        const latest = await r.latestCode(input.email);
        if (latest && at.getTime() - latest.createdAt.getTime() < CODE_RESEND_MS) throw badRequest(AccountMsg.waitForCode);
        // Counted under the email's lock, after the one-a-minute rule: only codes actually sent count,
        // so refused requests cannot use up a stranger's hourly allowance.
        const byRecipient = await deps.limits.codeEmailsPerRecipient.consume(input.email);
        if (!byRecipient.ok) throw tooManyRequests(AccountMsg.tooManyCodesToEmail(waitInWords(byRecipient.retryAfterMs)));
        await r.insertCode({
          id,
          email: input.email,
          codeHash: hashEmailCode(deps.pepper, input.email, code),
          purpose,
          expiresAt: new Date(at.getTime() + CODE_TTL_MS),
          createdAt: at,
        });
      });
      try {
        await deps.mail.send({
          to: input.email,
          subject: `Your Packsmith code: ${code}`,
          text: codeMailText(code, { registered: !!existing, askedToSignIn: input.login }),
        });
      } catch (err) {
        // An unsent code must not hold the 60-second limit against the person retrying.
        await repo.deleteCode(id);
        throw err;
      }
      return { sent: true, expires_in: CODE_TTL_MS / 1000 };
    },

    /**
     * Creates the account; with the code of an email that already has one (its owner asked to sign
     * up again and was mailed a sign-in code), signs that account in instead and changes nothing.
     */
    async register(
      input: { email: string; password: string; code: string; name?: string; origin: string; tourist: string },
      client: ClientInfo,
    ): Promise<{ token: string }> {
      const codeRow = await checkCode(input.email, input.code, client);
      const existing = await users.findByEmail(input.email);
      if (existing) return finishSignIn(existing, codeRow, input.tourist);
      const passwordHash = await hash(input.password);
      const guestId = await resolveTourist(input.tourist);
      let user: UserRow;
      try {
        user = await deps.transact(async (tx) => {
          await consumeCode(tx, codeRow);
          const created = await createUser(tx, { email: input.email, name: input.name || null, passwordHash, signupOrigin: input.origin });
          await mergeTourist(tx, guestId, created.id);
          return created;
        });
      } catch (err) {
        // Only reached with a matching code: the caller owns the inbox, so saying so tells nothing new.
        if (isUniqueViolation(err)) throw badRequest(AccountMsg.emailTaken);
        throw err;
      }
      return { token: await deps.sessions.issue(user.id, 'user') };
    },

    /**
     * Password or emailed-code sign-in. Wrong passwords count per account (whether or not an account
     * uses the email, so a lock tells nothing) and per address; at the limit the account is locked for
     * a window, even for the right password. A code sign-in is not held by the password lock (the
     * inbox owner's way in while someone guesses the password) but has its own: 5 tries per code.
     */
    async login(input: { email: string; password: string; code?: string; tourist: string }, client: ClientInfo): Promise<{ token: string }> {
      if (input.code !== undefined) {
        const codeRow = await checkCode(input.email, input.code, client);
        const user = await users.findByEmail(input.email);
        // The code matched, so the caller owns the inbox and may be told there is no account.
        if (!user) throw badRequest(AccountMsg.noAccount);
        return finishSignIn(user, codeRow, input.tourist);
      }
      // Both counted before the (slow) hash check, so 60 parallel guesses get LOGIN_RATE_LIMIT tries, not 60.
      await attemptFromAddress(client);
      const byAccount = await deps.limits.loginFailuresPerAccount.attempt(input.email);
      if (!byAccount.ok) {
        // Refused unseen: no guess was made from the address.
        await deps.limits.loginFailuresPerAddress.undo(client.address);
        throw tooManyRequests(AccountMsg.tooManySignIns(waitInWords(byAccount.retryAfterMs)));
      }
      const user = await users.findByEmail(input.email);
      const stored = user?.passwordHash ?? null;
      const ok = await verify(stored ?? (await dummy()), input.password).catch(() => false);
      if (!user || !stored || !ok) throw badRequest(AccountMsg.badLogin);
      await Promise.all([deps.limits.loginFailuresPerAccount.reset(input.email), deps.limits.loginFailuresPerAddress.undo(client.address)]);
      return finishSignIn(user, null, input.tourist);
    },

    async logout(auth: AuthContext): Promise<{ revoked: boolean }> {
      // The route allow-list already refuses API keys here; this keeps the type honest (no session to end).
      if (auth.apiKeyId !== undefined) throw forbidden(ApiKeyMsg.refused);
      return { revoked: await deps.sessions.revoke(auth.session.id) };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;

/** The code email's words: what the code does depends on whether the address has an account. */
function codeMailText(code: string, opts: { registered: boolean; askedToSignIn: boolean }): string {
  let what: string;
  if (opts.registered && opts.askedToSignIn) what = 'Enter it to sign in to Packsmith.';
  else if (opts.registered) {
    what =
      'You already have a Packsmith account with this email, so there is no new one to create: this is a sign-in code. ' +
      'Enter it in the form you were using and you will be signed in (your password stays as it was), or sign in with your password.';
  } else if (opts.askedToSignIn) what = 'No Packsmith account uses this email yet. Enter this code on the sign-up form, with a password, to create one.';
  else what = 'Enter it to finish creating your Packsmith account.';
  return `Your verification code is ${code}\n\n${what}\nIt expires in 10 minutes.\nIf you did not ask for it, ignore this email.`;
}
