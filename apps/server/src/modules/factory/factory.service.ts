import { FactoryProcessSchema, MaterialTypeSchema, type Factory } from '@packsmith/contracts';
import type { Logger } from 'pino';
import type { Transact } from '../../db/transact.js';
import { badRequest, notFound } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import type { AdminRepo } from '../admin/index.js';
import { rankFitting, type FittingNeeds } from './fitting.js';
import { foldCity } from './fold.js';
import { geocodeCity } from './gazetteer.js';
import { distanceKm } from './geo.js';
import { sampleFactories } from './factory-seed.js';
import type { FactoryFilter, FactoryRepo, FactoryRow, NewFactoryRow } from './factory.repo.js';

/** The admin log entries of directory changes (`action` in the admin log). */
export const FactoryAction = { create: 'factory.create', update: 'factory.update', delete: 'factory.delete' } as const;

export const FactoryMsg = {
  notFound: 'No factory with this id.',
  moqRange: 'moq_max: must not be below moq_min.',
  leadRange: 'lead_time_days_max: must not be below lead_time_days_min.',
} as const;

/** How many factories a search by city answers when it falls back to the nearest cities. */
export const NEAREST_LIMIT = 10;

export interface FactoryWrite {
  name: string;
  city: string;
  country: string;
  country_code: string;
  lat: number;
  lng: number;
  processes: Factory['processes'];
  materials: Factory['materials'];
  moq_min: number;
  moq_max: number;
  lead_time_days_min: number;
  lead_time_days_max: number;
  certifications: string[];
  contact_email: string;
  phone: string;
  website: string;
  description: string;
}

/** The repositories a directory change writes together with its admin log entry. */
export interface FactoryTx {
  factories: FactoryRepo;
  admin: AdminRepo;
}

/** Appends to the admin log (the admin module's `log`, bound to the change's transaction). */
export type AdminLog = (
  adminUserId: string,
  action: string,
  targetUserId: string | null,
  details: Record<string, unknown>,
  tx?: Pick<FactoryTx, 'admin'>,
) => Promise<unknown>;

/** A stored row on the wire; unknown process/material strings (an old row) are dropped, not thrown. */
export function toFactory(row: FactoryRow): Factory {
  return {
    id: row.id,
    name: row.name,
    city: row.city,
    country: row.country,
    country_code: row.countryCode,
    lat: row.lat,
    lng: row.lng,
    processes: row.processes.flatMap((p) => (FactoryProcessSchema.safeParse(p).success ? [FactoryProcessSchema.parse(p)] : [])),
    materials: row.materials.flatMap((m) => (MaterialTypeSchema.safeParse(m).success ? [MaterialTypeSchema.parse(m)] : [])),
    moq_min: row.moqMin,
    moq_max: row.moqMax,
    lead_time_days_min: row.leadTimeDaysMin,
    lead_time_days_max: row.leadTimeDaysMax,
    certifications: row.certifications,
    contact_email: row.contactEmail,
    phone: row.phone,
    website: row.website,
    description: row.description,
    sample: row.sample,
  };
}

/** An admin's write (or a sample entry) as a row; `city_key` always derives from `city`. */
export function toNewRow(f: FactoryWrite): Omit<NewFactoryRow, 'id' | 'sample'> {
  return {
    name: f.name,
    city: f.city,
    cityKey: foldCity(f.city),
    country: f.country,
    countryCode: f.country_code,
    lat: f.lat,
    lng: f.lng,
    processes: [...f.processes],
    materials: [...f.materials],
    moqMin: f.moq_min,
    moqMax: f.moq_max,
    leadTimeDaysMin: f.lead_time_days_min,
    leadTimeDaysMax: f.lead_time_days_max,
    certifications: [...f.certifications],
    contactEmail: f.contact_email,
    phone: f.phone,
    website: f.website,
    description: f.description,
  };
}

function checkRanges(f: Pick<FactoryWrite, 'moq_min' | 'moq_max' | 'lead_time_days_min' | 'lead_time_days_max'>): void {
  if (f.moq_max < f.moq_min) throw badRequest(FactoryMsg.moqRange);
  if (f.lead_time_days_max < f.lead_time_days_min) throw badRequest(FactoryMsg.leadRange);
}

/**
 * The factory directory (SPEC §1 factories by city; docs/FACTORIES.md): the public reads, the
 * search by city with its nearest-cities fallback, admin changes (logged in the same transaction),
 * the sample seed, and `fitting` for the quotation.
 */
export function createFactoryService<Tx extends FactoryTx>(deps: { repo: FactoryRepo; transact: Transact<Tx>; adminLog: AdminLog; log: Logger }) {
  const { repo } = deps;

  return {
    async list(filter: FactoryFilter, pageIndex: number, pageSize: number): Promise<{ total: number; list: Factory[] }> {
      const page = await repo.list(filter, pageIndex, pageSize);
      return { total: page.total, list: page.items.map(toFactory) };
    },

    async listAll(): Promise<{ list: Factory[] }> {
      return { list: (await repo.all()).map(toFactory) };
    },

    /**
     * Factories in the city the query names, compared folded (case, accents, ł/ß…) with `city_key`;
     * a known alias counts ("Munich" finds München). A city without factories that the gazetteer knows
     * answers the nearest factories of other cities with `distance_km`, nearest first, `exact: false`.
     * A place the gazetteer does not know answers an empty list, `exact: false` (not an error: the
     * directory simply has nothing to show for it).
     */
    async searchCity(query: string): Promise<{ city: string; exact: boolean; list: Factory[] }> {
      const key = foldCity(query);
      const direct = key ? await repo.byCityKey(key) : [];
      if (direct[0]) return { city: direct[0].city, exact: true, list: direct.map(toFactory) };
      const place = geocodeCity(query);
      if (!place) return { city: query, exact: false, list: [] };
      const viaAlias = await repo.byCityKey(foldCity(place.name));
      if (viaAlias[0]) return { city: viaAlias[0].city, exact: true, list: viaAlias.map(toFactory) };
      const nearest = (await repo.all())
        .map((row) => ({ ...toFactory(row), distance_km: Math.round(distanceKm(place, row)) }))
        .sort((a, b) => a.distance_km - b.distance_km || a.name.localeCompare(b.name))
        .slice(0, NEAREST_LIMIT);
      return { city: place.name, exact: false, list: nearest };
    },

    async get(id: string): Promise<Factory | null> {
      const row = await repo.byId(id);
      return row ? toFactory(row) : null;
    },

    /** An admin's entry is a real one: `sample` false. */
    async create(adminUserId: string, input: FactoryWrite): Promise<Factory> {
      checkRanges(input);
      return deps.transact(async (tx) => {
        const row = await tx.factories.insert({ ...toNewRow(input), id: newId(), sample: false });
        await deps.adminLog(adminUserId, FactoryAction.create, null, { id: row.id, name: row.name, city: row.city }, tx);
        return toFactory(row);
      });
    },

    /** Any change by an admin makes the entry theirs: it stops being sample data. */
    async update(adminUserId: string, id: string, patch: Partial<FactoryWrite>): Promise<Factory> {
      return deps.transact(async (tx) => {
        const before = await tx.factories.byId(id);
        if (!before) throw notFound(FactoryMsg.notFound);
        // The patch over the stored entry, written whole: one path to a row, so city_key follows city.
        const merged: FactoryWrite = { ...toFactory(before), ...patch };
        checkRanges(merged);
        const row = await tx.factories.update(id, { ...toNewRow(merged), sample: false });
        if (!row) throw notFound(FactoryMsg.notFound);
        await deps.adminLog(adminUserId, FactoryAction.update, null, { id, name: row.name, fields: Object.keys(patch) }, tx);
        return toFactory(row);
      });
    },

    async remove(adminUserId: string, id: string): Promise<{ id: string }> {
      return deps.transact(async (tx) => {
        const row = await tx.factories.delete(id);
        if (!row) throw notFound(FactoryMsg.notFound);
        await deps.adminLog(adminUserId, FactoryAction.delete, null, { id, name: row.name, city: row.city, sample: row.sample }, tx);
        return { id };
      });
    },

    /**
     * Makers that can produce a job, best first (fitting.ts has the rule). The quotation module
     * calls this for the three factories of a quote.
     */
    async fitting(needs: FittingNeeds): Promise<Factory[]> {
      return rankFitting((await repo.all()).map(toFactory), needs);
    },

    /**
     * Seeds the sample directory into an empty table (first start). Stable ids and
     * `on conflict do nothing` make two servers starting at once insert each row once. A table
     * that already has rows, seeded or an admin's, is left alone, so an admin's replacement is never undone.
     */
    async seedSample(): Promise<number> {
      if ((await repo.count()) > 0) return 0;
      const rows = sampleFactories().map((f) => ({ ...toNewRow(f), id: f.id, sample: true }));
      const inserted = await repo.insertNew(rows);
      if (inserted > 0) deps.log.info({ inserted }, 'seeded the sample factory directory');
      return inserted;
    },
  };
}
export type FactoryService = ReturnType<typeof createFactoryService>;
