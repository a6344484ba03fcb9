import {
  NO_BOX_ID,
  PRINT_REQUEST_STATUSES,
  PrintRequestSchema,
  QuoteSchema,
  boxById,
  canUseBusinessFeature,
  type BoxType,
  type PrintCheck,
  type PrintRequest,
  type QuoteRequest,
} from '@packsmith/contracts';
import { DielineParamsError, renderDieline, type Dieline } from '@packsmith/design-engine/dieline';
import { QuoteInputError, computeQuote, dielineOverrides, type EngineQuote } from '@packsmith/quote';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Transact } from '../../db/transact.js';
import type { UserRow } from '../../http/auth-context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { designsMetaOf, type DesignMeta } from '../chat/index.js';
import type { FileAccess } from '../files/index.js';
import type { ProjectAccess, ProjectRow } from '../project/index.js';
import { membershipSubject } from '../user/index.js';
import { designDimensions, printChecks } from './print-check.js';
import type { PrintRepo, PrintRequestRow } from './print.repo.js';

export const PrintMsg = {
  noDesign: 'This project has no finished design yet: create one in the design chat first.',
  notADesign: 'No such design in this project.',
  noBox: 'This design has no box type: choose one in the design chat, then check it for print.',
  noFactory: 'factory_id: no factory with this id.',
} as const;

/** What `printRequest` takes (the contract's input, parsed). */
export interface PrintRequestInput extends QuoteRequest {
  project_id: string;
  image_url?: string;
  factory_id: string;
  quantity: number;
  contact_name: string;
  contact_email: string;
  notes: string;
}

/**
 * Makes the print-ready PDF of a design and stores it as the owner's file (the editor module's
 * createPrintFiles: the owner's editor document of the design, else the design's own), answering its URL.
 */
export interface PrintFileMaker {
  make(src: {
    userId: string;
    project: { id: string; logo: string; data: Record<string, unknown> | null };
    design: { url: string; meta: DesignMeta };
    size?: { boxId: number; dimensions: Readonly<Record<string, number>> };
  }): Promise<{ url: string }>;
}
type PrintFileMakerSize = Parameters<PrintFileMaker['make']>[0]['size'];

/** The directory entry a request goes to (the factory module's `get`). */
export interface PrintFactories {
  get(id: string): Promise<{ id: string; name: string; city: string; country: string; sample: boolean; contact_email: string } | null>;
}

/** What the `quote` column keeps: the factory as it was when the request was sent, and the engine's quote. */
const StoredSchema = z.object({
  factory: PrintRequestSchema.shape.factory,
  box: QuoteSchema.shape.box,
  unit_price: z.number(),
  total: z.number(),
  currency: z.string(),
  /** The print-ready PDF sent with a Business member's request (absent on requests stored before it was made). */
  print_file_url: z.string().nullable().optional(),
});
const StatusSchema = z.enum(PRINT_REQUEST_STATUSES).catch('sent');

export function toPrintRequest(row: PrintRequestRow): PrintRequest {
  const stored = StoredSchema.parse(row.quote);
  return {
    id: row.id,
    project_id: row.projectId,
    factory: stored.factory,
    design_url: row.designUrl,
    spec: QuoteSchema.shape.spec.parse(row.spec),
    box: stored.box,
    unit_price: stored.unit_price,
    total: stored.total,
    currency: stored.currency,
    contact_name: row.contactName,
    contact_email: row.contactEmail,
    notes: row.notes,
    status: StatusSchema.parse(row.status),
    print_file_url: stored.print_file_url ?? null,
    created_at: row.createdAt.getTime(),
  };
}

/** The engine's refusal as the envelope's 400, naming the field (its messages start with it). */
function quoteOrBadRequest(request: QuoteRequest): EngineQuote {
  try {
    return computeQuote(request);
  } catch (err) {
    if (err instanceof QuoteInputError) throw badRequest(err.message.startsWith(err.field) ? err.message : `${err.field}: ${err.message}`);
    if (err instanceof DielineParamsError) throw badRequest(err.message);
    throw err;
  }
}

/** The design a call names: its packshot URL or its flat front's URL; without one, the newest design. */
function designOf(project: ProjectRow, imageUrl: string | undefined): { url: string; meta: DesignMeta } | null {
  const metas = Object.entries(designsMetaOf(project.data));
  if (imageUrl !== undefined && imageUrl !== '') {
    const found = metas.find(([url, m]) => url === imageUrl || m.front_url === imageUrl);
    if (!found) throw notFound(PrintMsg.notADesign);
    return { url: found[0], meta: found[1] };
  }
  // jsonb keeps no insertion order: the newest design is the one of the latest prompt.
  const newest = metas.sort(([, a], [, b]) => b.prompt_index - a.prompt_index)[0];
  return newest ? { url: newest[0], meta: newest[1] } : null;
}

/** The request's inside size by the dieline's parameter names (the quote engine's own mapping, without the board). */
function requestedSize(boxId: number, request: QuoteRequest): { boxId: number; dimensions: Record<string, number> } | undefined {
  const box = boxById(boxId);
  if (!box) return undefined;
  const dimensions: Record<string, number> = {};
  for (const [k, v] of Object.entries(dielineOverrides(box, request, 0))) if (k !== 'thickness' && typeof v === 'number') dimensions[k] = v;
  return { boxId, dimensions };
}

function boxOf(project: ProjectRow, meta: DesignMeta): BoxType {
  const stored = project.data?.box_id;
  const id = meta.box_id !== NO_BOX_ID ? meta.box_id : typeof stored === 'number' ? stored : NO_BOX_ID;
  const box = boxById(id);
  if (!box) throw badRequest(PrintMsg.noBox);
  return box;
}

/**
 * The print order (SPEC §2 /print; docs/FACTORIES.md): the pre-press check of a finished design,
 * and print requests to a factory — priced by the quote engine at the requested quantity, stored,
 * confirmed by email, listed for the sender and for admins.
 */
export function createPrintService<Tx extends { printRequests: PrintRepo }>(deps: {
  repo: PrintRepo;
  transact: Transact<Tx>;
  access: Pick<ProjectAccess, 'assertOwner'>;
  factories: PrintFactories;
  resolveOwnedImage: FileAccess['resolveOwnedImage'];
  mail: { send(message: { to: string; subject: string; text: string }): Promise<void> };
  /** The print-ready PDF of a Business member's request; without it no request carries one. */
  printFiles?: PrintFileMaker;
  /** A stored file's URL as the mail links it (absolute when the server knows its public URL). */
  absoluteUrl?: (url: string) => string;
  log: Logger;
  now?: () => number;
}) {
  const now = deps.now ?? (() => Date.now());
  const absoluteUrl = deps.absoluteUrl ?? ((url: string) => url);
  /**
   * The print-ready PDF a Business member's request goes with (SPEC §6, the check's print_ready_allowed).
   * Made before the request is stored, outside any transaction; a failure never loses the request:
   * it is sent without the file (null) and the failure is logged.
   */
  const printFileOf = async (user: UserRow, project: ProjectRow, design: { url: string; meta: DesignMeta } | null, size: PrintFileMakerSize) => {
    if (!design || !deps.printFiles || !canUseBusinessFeature(membershipSubject(user), now()).ok) return null;
    try {
      return (await deps.printFiles.make({ userId: user.id, project, design, ...(size ? { size } : {}) })).url;
    } catch (err) {
      deps.log.warn({ err, projectId: project.id, designUrl: design.url }, 'print request: its print-ready PDF could not be made; sent without it');
      return null;
    }
  };
  const ownedFile = async (userId: string, url: string) => {
    try {
      return (await deps.resolveOwnedImage(userId, url)).row;
    } catch {
      return null;
    }
  };

  return {
    /** The caller's own project only (404 unknown, 403 someone else's). */
    async check(user: UserRow, projectId: string, imageUrl?: string): Promise<PrintCheck> {
      const project = await deps.access.assertOwner(user.id, projectId);
      const design = designOf(project, imageUrl);
      if (!design) throw badRequest(PrintMsg.noDesign);
      const box = boxOf(project, design.meta);
      const dims = designDimensions(box);
      // The design engine draws a box at its catalogue defaults: the same parameters render the same sheet.
      let dieline: Dieline;
      try {
        dieline = renderDieline(box.id);
      } catch (err) {
        if (err instanceof DielineParamsError) throw badRequest(err.message);
        throw err;
      }
      let rangeError: string | null = null;
      try {
        computeQuote({ box: box.id, ...dims, material: box.material, print: 'cmyk', finishes: [] });
      } catch (err) {
        if (err instanceof QuoteInputError && ['length_mm', 'width_mm', 'height_mm'].includes(err.field)) rangeError = err.message;
        else if (!(err instanceof QuoteInputError)) throw err;
      }
      const [front, dielineFile] = await Promise.all([ownedFile(user.id, design.meta.front_url), ownedFile(user.id, design.meta.dieline_url)]);
      return {
        project_id: project.id,
        image_url: design.url,
        box: { box_id: box.id, slug: box.slug, name: box.name },
        ...dims,
        dieline_url: design.meta.dieline_url,
        front_url: design.meta.front_url,
        sheet_width_mm: Math.round(dieline.size.width * 10) / 10,
        sheet_height_mm: Math.round(dieline.size.height * 10) / 10,
        bleed_mm: dieline.bleed,
        safe_mm: dieline.safeInset,
        checks: printChecks({
          box,
          dims,
          dieline,
          rangeError,
          frontPx: front ? { width: front.width, height: front.height } : null,
          dielineStored: dielineFile !== null,
        }),
        // SPEC §6: the print-ready file (the dieline SVG download) is Business; the check itself is for everyone.
        print_ready_allowed: canUseBusinessFeature(membershipSubject(user), now()).ok,
      };
    },

    /**
     * Stores a request to a factory priced at the requested quantity, then confirms it by email.
     * The mail goes after the commit: a mail server that is down never loses a stored request.
     */
    async request(user: UserRow, input: PrintRequestInput): Promise<PrintRequest> {
      const project = await deps.access.assertOwner(user.id, input.project_id);
      const factory = await deps.factories.get(input.factory_id);
      if (!factory) throw badRequest(PrintMsg.noFactory);
      const design = designOf(project, input.image_url);
      const { project_id: _p, image_url: _i, factory_id: _f, contact_name: _n, contact_email: _e, notes: _t, ...quoteInput } = input;
      const quote = quoteOrBadRequest(quoteInput);
      const snapshot = { id: factory.id, name: factory.name, city: factory.city, country: factory.country, sample: factory.sample };
      const printFileUrl = await printFileOf(user, project, design, requestedSize(quote.box.box_id, quoteInput));
      const row = await deps.transact((tx) =>
        tx.printRequests.insert({
          id: newId(),
          userId: user.id,
          projectId: project.id,
          factoryId: factory.id,
          designUrl: design?.url ?? '',
          spec: quote.spec,
          quote: {
            factory: snapshot,
            box: quote.box,
            unit_price: quote.unit_price,
            total: quote.total,
            currency: quote.currency,
            print_file_url: printFileUrl,
            quote,
          },
          contactName: input.contact_name,
          contactEmail: input.contact_email,
          notes: input.notes,
          status: 'sent',
        }),
      );
      const sent = toPrintRequest(row);
      // To the account's verified address, never to the typed contact address: the form must not
      // become a way to mail strangers. The contact address is kept for the factory's reply.
      if (user.email) {
        try {
          await deps.mail.send(confirmationMail(sent, user.email, absoluteUrl));
        } catch (err) {
          deps.log.warn({ err, printRequest: sent.id }, 'print request stored; its confirmation email could not be sent');
        }
      }
      return sent;
    },

    async requestsOf(userId: string, pageIndex: number, pageSize: number): Promise<{ total: number; list: PrintRequest[] }> {
      const page = await deps.repo.ofUser(userId, pageIndex, pageSize);
      return { total: page.total, list: page.items.map(toPrintRequest) };
    },

    async allRequests(pageIndex: number, pageSize: number) {
      const page = await deps.repo.all(pageIndex, pageSize);
      return { total: page.total, list: page.items.map(({ row, email }) => ({ ...toPrintRequest(row), user_id: row.userId, user_email: email })) };
    },
  };
}
export type PrintService = ReturnType<typeof createPrintService>;

const money = (amount: number, currency: string) => `${currency} ${amount.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The confirmation: what was asked of whom, at what price, and what happens next. */
export function confirmationMail(
  r: PrintRequest,
  to: string,
  absoluteUrl: (url: string) => string = (url) => url,
): { to: string; subject: string; text: string } {
  const s = r.spec;
  const lines = [
    `Hello ${r.contact_name},`,
    '',
    `We have your print request ${r.id} for ${r.factory.name} (${r.factory.city}, ${r.factory.country}).`,
    '',
    `${s.quantity.toLocaleString('en-GB')} × ${r.box.name}, ${s.length_mm} × ${s.width_mm} × ${s.height_mm} mm, ${s.board}, print ${s.print}${s.finishes.length ? `, ${s.finishes.join(', ')}` : ''}, to ${s.destination}.`,
    `Estimate: ${money(r.unit_price, r.currency)} each, ${money(r.total, r.currency)} in total (before the factory's artwork check).`,
    `The factory will reply to ${r.contact_email}.`,
    ...(r.notes ? ['', `Your notes: ${r.notes}`] : []),
    ...(r.print_file_url ? ['', `Your print-ready PDF (with bleed and the dieline) goes with the request: ${absoluteUrl(r.print_file_url)}`] : []),
    '',
    r.factory.sample
      ? 'This factory is part of our sample directory, not a real business yet: your request is kept and our team will follow up with a real maker.'
      : 'The factory will confirm the price and the delivery date; you can follow the request under Print requests.',
    '',
    '— Packsmith',
  ];
  return { to, subject: `Your print request ${r.id} to ${r.factory.name}`, text: lines.join('\n') };
}
