import { randomInt } from 'node:crypto';
import {
  BOX_TYPES,
  BUDGET_RANGES,
  DESIGN_SERVICES,
  DesignRequestStatusSchema,
  PACKAGING_TYPE_NOT_SURE,
  PRICE_POINTS,
  UploadMsg,
  boxCategoryOf,
  type DesignRequestFields,
  type DesignRequestRecord,
  type DesignRequestStatus,
} from '@packsmith/contracts';
import type { Logger } from 'pino';
import type { Transact } from '../../db/transact.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import type { UserRow } from '../../http/auth-context.js';
import { AppError, badRequest, forbidden, notFound, tooManyRequests } from '../../http/errors.js';
import { waitInWords, type LimitRule } from '../../rate-limit/rate-limiter.js';
import { newId } from '../../lib/ids.js';
import type { AdminRepo } from '../admin/index.js';
import type { FileAccess } from '../files/index.js';
import type { DesignRequestRepo, DesignRequestRow } from './design-request.repo.js';
import { requesterMail, studioMail, type MailMessage } from './design-request.mail.js';

export const DesignRequestMsg = {
  deadlinePast: 'deadline: pick today or a later date.',
  tooManyFromAddress: (wait: string) => `Too many design requests from this network. Please try again in ${wait}.`,
  tooManyToEmail: (wait: string) => `email: too many design requests for this address. Please try again in ${wait}.`,
  notFound: 'request_id: there is no such design request.',
  attachmentForeign: (i: number) => `attachments[${i}]: ${UploadMsg.foreignUrl}`,
  attachmentMissing: (i: number) => `attachments[${i}]: ${UploadMsg.fileNotFound}`,
  attachmentNotYours: (i: number) => `attachments[${i}]: ${UploadMsg.notYourFile}`,
  attachmentNotImage: (i: number) => `attachments[${i}]: must be an image (JPEG or PNG).`,
} as const;

export const DesignRequestAction = { setStatus: 'design_request.set_status' } as const;

/** The two mails of a request, as `mail_sent` names them. */
export const MAIL_KINDS = ['requester', 'studio'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** Reference letters: digits and capitals without 0/O, 1/I/L, so a reference read over the phone is unambiguous. */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const REFERENCE_LENGTH = 6;
export const REFERENCE_PATTERN = /^PS-DR-\d{4}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/;

export function newReference(at: Date): string {
  let code = '';
  for (let i = 0; i < REFERENCE_LENGTH; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `PS-DR-${at.getUTCFullYear()}-${code}`;
}

/** Delay before retry n (n ≥ 1 failed attempts): 1, 5, 15, 60 × base, then 60 × base each time. */
const BACKOFF_STEPS = [1, 5, 15, 60] as const;
export function retryDelayMs(failedAttempts: number, baseMs: number): number {
  return baseMs * (BACKOFF_STEPS[failedAttempts - 1] ?? 60);
}

/**
 * How long a claimed request stays claimed: longer than any one delivery attempt can take
 * (nodemailer gives up on a dead peer within minutes), so no second process sends it meanwhile.
 */
export const MAIL_LEASE_MS = 15 * 60_000;
/** The POST waits at most this long for the mails; past it the attempt goes on in the background. */
const INLINE_MAIL_WAIT_MS = 8000;
const REFERENCE_TRIES = 6;
const SWEEP_BATCH = 20;

export interface DesignRequestTx {
  designRequests: DesignRequestRepo;
  admin: AdminRepo;
}

/** Appends to the admin log (the admin module's `log`, bound to the change's transaction). */
export type DesignRequestAdminLog = (
  adminUserId: string,
  action: string,
  targetUserId: string | null,
  details: Record<string, unknown>,
  tx?: Pick<DesignRequestTx, 'admin'>,
) => Promise<unknown>;

const StatusOf = DesignRequestStatusSchema.catch('new');
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const strOrNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const strList = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export function toDesignRequestRecord(row: DesignRequestRow): DesignRequestRecord {
  const f = row.fields;
  return {
    request_id: row.id,
    reference: row.reference,
    status: StatusOf.parse(row.status),
    fields: {
      name: str(f.name),
      email: str(f.email) || row.email,
      company: str(f.company),
      country: str(f.country),
      product: str(f.product),
      brand: str(f.brand),
      packaging_type: str(f.packaging_type),
      size: str(f.size),
      quantity: typeof f.quantity === 'number' ? f.quantity : 0,
      target_market: str(f.target_market),
      price_point: strOrNull(f.price_point),
      services: strList(f.services),
      links: strList(f.links),
      attachments: strList(f.attachments),
      deadline: str(f.deadline),
      budget: strOrNull(f.budget),
      notes: str(f.notes),
    },
    mail_status: row.mailStatus === 'sent' ? 'sent' : 'pending',
    mail_attempts: row.mailAttempts,
    create_at: row.createdAt.getTime(),
    update_at: row.updatedAt.getTime(),
  };
}

/** The form's subjects (GET /api/subject/list): catalogue box types with their category names, and the contracts' lists. */
export function subjectList() {
  return {
    packaging_types: BOX_TYPES.map((b) => ({ slug: b.slug, name: b.name, category: boxCategoryOf(b).name, box_id: b.id })),
    services: DESIGN_SERVICES.map((s) => ({ slug: s.slug, name: s.name, description: s.description })),
    price_points: PRICE_POINTS.map((p) => ({ slug: p.slug, name: p.name })),
    budgets: BUDGET_RANGES.map((b) => ({ slug: b.slug, name: b.name })),
  };
}

/**
 * The design request (docs/DESIGN-REQUESTS.md): checked, stored, then mailed to the requester and
 * the studio. Mail never decides the answer: a failed send leaves the request pending with a
 * backoff, and the sweep (any process) claims due rows and sends only the mails not yet sent.
 */
export function createDesignRequestService<Tx extends DesignRequestTx>(deps: {
  repo: DesignRequestRepo;
  transact: Transact<Tx>;
  resolveOwnedImage: FileAccess['resolveOwnedImage'];
  mail: { send(message: MailMessage): Promise<void> };
  adminLog: DesignRequestAdminLog;
  studioEmail: string;
  retryBaseMs: number;
  /** Each request mails a confirmation to the address typed in: bounded per client address and per recipient. */
  limits?: { perAddress: LimitRule; perRecipient: LimitRule };
  /** An absolute URL for a stored file's URL where the server knows its public origin (mail links). */
  absoluteUrl: (url: string) => string;
  log: Logger;
  now?: () => Date;
  inlineMailWaitMs?: number;
}) {
  const now = deps.now ?? (() => new Date());
  const log = deps.log.child({ module: 'design-request' });
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let sweeping: Promise<void> | null = null;

  /** Each attachment must be an image the caller uploaded; answers their canonical URLs (duplicates dropped). */
  async function checkAttachments(userId: string, urls: readonly string[]): Promise<string[]> {
    const out: string[] = [];
    for (const [i, url] of urls.entries()) {
      let owned;
      try {
        owned = await deps.resolveOwnedImage(userId, url);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        if (err.code === 404) throw badRequest(DesignRequestMsg.attachmentMissing(i));
        if (err.code === 403) throw forbidden(DesignRequestMsg.attachmentNotYours(i));
        throw badRequest(DesignRequestMsg.attachmentForeign(i));
      }
      // A public file of someone else's (a gallery image) resolves too: a reference must be the requester's own upload.
      if (owned.row.userId !== userId) throw forbidden(DesignRequestMsg.attachmentNotYours(i));
      if (!owned.row.mime.startsWith('image/')) throw badRequest(DesignRequestMsg.attachmentNotImage(i));
      const canonical = url.trim();
      if (!out.includes(canonical)) out.push(canonical);
    }
    return out;
  }

  async function insertWithReference(row: Omit<Parameters<DesignRequestRepo['insert']>[0], 'reference'>, at: Date): Promise<DesignRequestRow> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await deps.repo.insert({ ...row, reference: newReference(at) });
      } catch (err) {
        // 31^6 ≈ 887 million codes a year: a clash is rare, six in a row means something else is wrong.
        if (!isUniqueViolation(err) || attempt >= REFERENCE_TRIES) throw err;
        log.warn({ attempt }, 'design request reference already taken; drawing another');
      }
    }
  }

  function messageFor(kind: MailKind, record: DesignRequestRecord): MailMessage {
    const links = record.fields.attachments.map(deps.absoluteUrl);
    return kind === 'requester' ? requesterMail(record, links) : studioMail(record, links, deps.studioEmail);
  }

  /** One delivery attempt of the mails not yet sent; records the outcome on the row. */
  async function deliver(row: DesignRequestRow): Promise<void> {
    const record = toDesignRequestRecord(row);
    const sent = new Set(row.mailSent);
    let failure: unknown = null;
    for (const kind of MAIL_KINDS) {
      if (sent.has(kind)) continue;
      try {
        await deps.mail.send(messageFor(kind, record));
      } catch (err) {
        failure = err;
        continue;
      }
      sent.add(kind);
      await deps.repo.addMailSent(row.id, kind);
    }
    const at = now();
    const mailSent = MAIL_KINDS.filter((k) => sent.has(k));
    if (!failure) {
      await deps.repo.recordMailOutcome(
        row.id,
        { mailSent, mailStatus: 'sent', mailAttempts: row.mailAttempts + 1, nextMailAt: null, lastMailError: null },
        at,
      );
      log.info({ reference: row.reference, attempts: row.mailAttempts + 1 }, 'design request mailed');
      return;
    }
    const attempts = row.mailAttempts + 1;
    const next = new Date(at.getTime() + retryDelayMs(attempts, deps.retryBaseMs));
    const error = (failure instanceof Error ? failure.message : 'mail could not be sent').slice(0, 500);
    await deps.repo.recordMailOutcome(row.id, { mailSent, mailStatus: 'pending', mailAttempts: attempts, nextMailAt: next, lastMailError: error }, at);
    log.warn({ reference: row.reference, attempts, next, err: error }, 'design request stored; its mail failed and will be retried');
  }

  /** Runs a delivery that close() waits for; its own failure (the database gone) is logged, never thrown. */
  function track(row: DesignRequestRow): Promise<void> {
    const p = deliver(row)
      .catch((err: unknown) => log.error({ err, reference: row.reference }, 'design request mail attempt could not be recorded'))
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
    return p;
  }

  async function sweep(): Promise<number> {
    const at = now();
    const claimed = await deps.repo.claimDue(at, new Date(at.getTime() + MAIL_LEASE_MS), SWEEP_BATCH);
    for (const row of claimed) await track(row);
    return claimed.length;
  }

  return {
    async submit(user: UserRow, input: DesignRequestFields, client: { address: string } = { address: '' }): Promise<{ request_id: string; reference: string }> {
      const at = now();
      if (input.deadline && input.deadline < at.toISOString().slice(0, 10)) throw badRequest(DesignRequestMsg.deadlinePast);
      const attachments = await checkAttachments(user.id, input.attachments);
      // Counted once the request is valid, so refused forms do not use up anyone's allowance.
      if (deps.limits) {
        const byAddress = await deps.limits.perAddress.consume(client.address);
        if (!byAddress.ok) throw tooManyRequests(DesignRequestMsg.tooManyFromAddress(waitInWords(byAddress.retryAfterMs)));
        const byRecipient = await deps.limits.perRecipient.consume(input.email.toLowerCase());
        if (!byRecipient.ok) throw tooManyRequests(DesignRequestMsg.tooManyToEmail(waitInWords(byRecipient.retryAfterMs)));
      }
      const fields: DesignRequestFields = {
        ...input,
        attachments,
        links: [...new Set(input.links)],
        services: [...new Set(input.services)],
        packaging_type: input.packaging_type || PACKAGING_TYPE_NOT_SURE,
      };
      // Claimed by this request from the start (next_mail_at = the lease): the sweep leaves it to the attempt below.
      const row = await insertWithReference(
        {
          id: newId(),
          userId: user.id,
          email: fields.email,
          fields: { ...fields, price_point: fields.price_point ?? null, budget: fields.budget ?? null },
          status: 'new',
          mailStatus: 'pending',
          mailSent: [],
          mailAttempts: 0,
          nextMailAt: new Date(at.getTime() + MAIL_LEASE_MS),
        },
        at,
      );
      const attempt = track(row);
      const waitMs = deps.inlineMailWaitMs ?? INLINE_MAIL_WAIT_MS;
      let capTimer: NodeJS.Timeout | undefined;
      await Promise.race([attempt, new Promise<void>((resolve) => (capTimer = setTimeout(resolve, waitMs)))]);
      clearTimeout(capTimer);
      return { request_id: row.id, reference: row.reference };
    },

    async list(status: DesignRequestStatus | undefined, pageIndex: number, pageSize: number): Promise<{ list: DesignRequestRecord[]; total: number }> {
      const page = await deps.repo.page(status, pageIndex, pageSize);
      return { total: page.total, list: page.items.map(toDesignRequestRecord) };
    },

    async setStatus(adminUserId: string, requestId: string, status: DesignRequestStatus): Promise<DesignRequestRecord> {
      return deps.transact(async (tx) => {
        const before = await tx.designRequests.byId(requestId);
        if (!before) throw notFound(DesignRequestMsg.notFound);
        const row = await tx.designRequests.setStatus(requestId, status, now());
        if (!row) throw notFound(DesignRequestMsg.notFound);
        await deps.adminLog(
          adminUserId,
          DesignRequestAction.setStatus,
          before.userId,
          { request_id: row.id, reference: row.reference, from: before.status, to: status },
          tx,
        );
        return toDesignRequestRecord(row);
      });
    },

    /** One sweep now (tests and the timer); answers how many requests it tried to mail. */
    sweep,

    /** Retries due mail every `everyMs` (buildApp starts it in processes that run jobs). */
    startSweeps(everyMs: number): void {
      if (timer) return;
      timer = setInterval(() => {
        if (sweeping) return;
        sweeping = sweep()
          .then(() => undefined)
          .catch((err: unknown) => log.error({ err }, 'design request mail sweep failed'))
          .finally(() => (sweeping = null));
      }, everyMs);
      timer.unref();
    },

    /** Stops the timer and waits for the sweep and any delivery still running. */
    async stopSweeps(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await sweeping;
      await Promise.all([...inFlight]);
    },
  };
}
export type DesignRequestService = ReturnType<typeof createDesignRequestService>;
