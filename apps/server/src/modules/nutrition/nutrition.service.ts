import type { nutritionCalls } from '@packsmith/contracts';
import {
  NutritionLabelInputSchema,
  NutritionRegionSchema,
  canDownload,
  type NutritionComputed,
  type NutritionFood,
  type NutritionLabelRecord,
} from '@packsmith/contracts';
import { EU_ALLERGENS, US_ALLERGENS, computeLabel, searchFoods, type Allergen, type Food } from '@packsmith/nutrition';
import type { z } from 'zod';
import type { UserRow } from '../../http/auth-context.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { newFileKey, type Storage } from '../../storage/storage.js';
import type { FileRepo } from '../files/index.js';
import type { ProjectAccess, ProjectRepo, ProjectRow } from '../project/index.js';
import { membershipSubject } from '../user/index.js';
import { computeNutrition, engine, type LabelInputParsed } from './label-compute.js';
import { MAX_PNG_PIXELS, labelPdf, labelPng, labelSvg, pngWidthPx } from './label-output.js';
import type { NutritionFoodRow, NutritionRepo } from './nutrition.repo.js';

type Calls = Pick<typeof nutritionCalls, 'compute' | 'save' | 'list' | 'download' | 'foods' | 'saveFood'>;
type In<K extends keyof Calls> = z.output<Calls[K]['input']>;
type Out<K extends keyof Calls> = z.input<Calls[K]['data']>;

export const NUTRITION_PROJECT_TYPE = 'nutrition';
/** Own ingredients a user may keep: a pantry, not a second composition table. */
export const MAX_OWN_FOODS = 500;
const OWN_FOOD_PREFIX = 'mine-';
const OWN_REFERENCE = 'My ingredient';

export const NutritionServiceMsg = {
  notALabel: 'project_id: this project is not a nutrition label.',
  storedInvalid: 'This label was saved with inputs the generator no longer reads: open it and save it again.',
  foodNotFound: 'food_id: you have no ingredient with this id.',
  tooManyFoods: `You can keep at most ${MAX_OWN_FOODS} of your own ingredients: delete some first.`,
  unknownAllergen: (i: number, a: string) => `allergens.${i}: unknown allergen "${a}".`,
  pngTooLarge: 'format: this label is too large for a 300 dpi PNG; download the PDF or SVG (they print at any size).',
} as const;

const KNOWN_ALLERGENS: ReadonlySet<string> = new Set<string>([...US_ALLERGENS, ...EU_ALLERGENS]);

/** What a nutrition project keeps in its data (projects.data.nutrition). */
interface StoredLabel {
  input: unknown;
  format: string;
  /** The files made from it, newest last. */
  outputs?: { format: string; url: string; watermarked: boolean; at: number }[];
}

function storedOf(row: ProjectRow): StoredLabel | null {
  const v = row.data['nutrition'];
  if (typeof v !== 'object' || v === null || !('input' in v)) return null;
  return v as StoredLabel;
}

function toFood(row: NutritionFoodRow): Food {
  return { id: row.id, name: row.name, per_100g: row.per100g, allergens: row.allergens as Allergen[], reference: OWN_REFERENCE };
}

function toFoodDto(f: Food, own: boolean): NutritionFood {
  const per: Record<string, string> = {};
  for (const [k, v] of Object.entries(f.per_100g)) if (v !== undefined) per[k] = String(v);
  return { food_id: f.id, name: f.name, source: own ? 'mine' : 'table', reference: f.reference, per_100g: per, allergens: [...f.allergens] };
}

/**
 * An own ingredient's figures checked as the engine checks a per-100 g declaration (EU basis: no
 * serving, 100 g): non-negative, parts within their wholes, no more than 100 g in all, energy at
 * most 9 kcal per gram. Answers them as decimal strings.
 */
export function checkPer100g(per100g: Record<string, string | number>): Record<string, string> {
  engine(
    () => computeLabel({ region: 'eu', nutrients: per100g }),
    (f) => (f.startsWith('nutrients') ? `per_100g${f.slice('nutrients'.length)}` : f),
  );
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(per100g)) if (v !== '') out[k] = String(v).trim();
  return out;
}

const MIME = { svg: 'image/svg+xml', png: 'image/png', pdf: 'application/pdf' } as const;

/**
 * The nutrition label calls (docs/NUTRITION.md): compute, saved labels as projects of type
 * 'nutrition', the user's own ingredients, and the print files behind the SPEC §6 gates.
 */
export function createNutritionService(deps: {
  repo: NutritionRepo;
  projects: Pick<ProjectRepo, 'insert' | 'update' | 'listByOwner'>;
  access: ProjectAccess;
  storage: Storage;
  fileRepo: Pick<FileRepo, 'insert'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const ownFoods = async (userId: string): Promise<Food[]> => (await deps.repo.foodsOf(userId)).map(toFood);

  async function ownedLabel(userId: string, projectId: string): Promise<{ row: ProjectRow; input: LabelInputParsed; stored: StoredLabel }> {
    const row = await deps.access.assertOwner(userId, projectId);
    if (row.type !== NUTRITION_PROJECT_TYPE) throw badRequest(NutritionServiceMsg.notALabel);
    const stored = storedOf(row);
    const parsed = NutritionLabelInputSchema.safeParse(stored?.input);
    if (!stored || !parsed.success) throw badRequest(NutritionServiceMsg.storedInvalid);
    return { row, input: parsed.data, stored };
  }

  /** Downloads (SPEC §6): guests sign in; a free account gets the watermarked preview when it asks for it; paid, the clean file. */
  function gate(user: UserRow, watermark: boolean | undefined): boolean {
    const g = canDownload(membershipSubject(user), now().getTime());
    if (g.ok) return watermark === true;
    if (g.code === 401 || watermark !== true) throw new AppError(g.code, g.msg);
    return true;
  }

  async function storeFile(userId: string, ext: 'svg' | 'png' | 'pdf', bytes: Buffer, widthPx: number, heightPx: number): Promise<string> {
    const key = newFileKey(userId, ext, now());
    await deps.storage.put(key, bytes, MIME[ext]);
    try {
      await deps.fileRepo.insert({ key, userId, mime: MIME[ext], width: widthPx, height: heightPx, size: bytes.length, isPublic: false });
    } catch (err) {
      await deps.storage.delete(key).catch(() => undefined);
      throw err;
    }
    return deps.storage.publicUrl(key);
  }

  return {
    async compute(userId: string, input: In<'compute'>): Promise<NutritionComputed> {
      // Own entries are read only when the recipe may need them: typing in nutrients mode stays one pure call.
      const own = input.recipe ? await ownFoods(userId) : [];
      return computeNutrition(input, own).computed;
    },

    async save(userId: string, body: In<'save'>): Promise<Out<'save'>> {
      // Whose project first (403/404 before anything about the input), then the input: a saved label is always one the generator can compute.
      let previous: Partial<StoredLabel> = {};
      if (body.project_id) {
        try {
          previous = (await ownedLabel(userId, body.project_id)).stored;
        } catch (err) {
          // A label whose stored inputs no longer parse may still be overwritten by its owner.
          if (!(err instanceof AppError && err.message === NutritionServiceMsg.storedInvalid)) throw err;
        }
      }
      const { label } = computeNutrition(body.input, body.input.recipe ? await ownFoods(userId) : []);
      const data: StoredLabel = { input: body.input, format: label.format };
      if (body.project_id) {
        const row = await deps.projects.update(body.project_id, { name: body.name }, { nutrition: { ...data, outputs: previous.outputs ?? [] } });
        if (!row) throw notFound('Project not found.');
        return { project_id: row.id, name: row.name, update_at: row.updatedAt.getTime() };
      }
      const row = await deps.projects.insert({ id: newId(), userId, type: NUTRITION_PROJECT_TYPE, name: body.name, data: { nutrition: data } });
      return { project_id: row.id, name: row.name, update_at: row.updatedAt.getTime() };
    },

    async label(userId: string, projectId: string): Promise<NutritionLabelRecord> {
      const { row, input } = await ownedLabel(userId, projectId);
      const { computed } = computeNutrition(input, input.recipe ? await ownFoods(userId) : []);
      return { project_id: row.id, name: row.name, input, label: computed, create_at: row.createdAt.getTime(), update_at: row.updatedAt.getTime() };
    },

    async list(userId: string, pageIndex: number, pageSize: number): Promise<Out<'list'>> {
      const page = await deps.projects.listByOwner(
        userId,
        { type: NUTRITION_PROJECT_TYPE, sort: 'updated' },
        { limit: pageSize, offset: (pageIndex - 1) * pageSize },
      );
      return {
        total: page.total,
        list: page.rows.map(({ row }) => {
          const stored = storedOf(row);
          const region = NutritionRegionSchema.safeParse(
            typeof stored?.input === 'object' && stored.input !== null ? (stored.input as { region?: unknown }).region : undefined,
          );
          return {
            project_id: row.id,
            name: row.name,
            region: region.success ? region.data : 'us',
            format: stored?.format ?? '',
            update_at: row.updatedAt.getTime(),
          };
        }),
      };
    },

    async download(user: UserRow, body: In<'download'>): Promise<Out<'download'>> {
      const { row, input, stored } = await ownedLabel(user.id, body.project_id);
      const watermarked = gate(user, body.watermark);
      const { drawing } = computeNutrition(input, input.recipe ? await ownFoods(user.id) : []);
      const widthPx = pngWidthPx(drawing.width_mm);
      const heightPx = Math.round((drawing.height_mm / 25.4) * 300);
      let bytes: Buffer;
      if (body.format === 'svg') bytes = Buffer.from(labelSvg(drawing, { watermark: watermarked }), 'utf8');
      else if (body.format === 'png') {
        if (widthPx * heightPx > MAX_PNG_PIXELS) throw badRequest(NutritionServiceMsg.pngTooLarge);
        bytes = (await labelPng(drawing, { watermark: watermarked })).png;
      } else bytes = Buffer.from(await labelPdf(drawing, { watermark: watermarked }));
      const url = await storeFile(user.id, body.format, bytes, widthPx, heightPx);
      const outputs = [...(stored.outputs ?? []), { format: body.format, url, watermarked, at: now().getTime() }].slice(-20);
      await deps.projects.update(row.id, {}, { nutrition: { ...stored, outputs } });
      const base =
        (row.name || 'nutrition-label')
          .replace(/[^A-Za-z0-9._-]+/g, '-')
          .replace(/^-+|-+$/g, '')
          .slice(0, 60) || 'nutrition-label';
      return {
        url,
        file_name: `${base}${watermarked ? '-preview' : ''}.${body.format}`,
        content_type: MIME[body.format],
        bytes: bytes.length,
        watermarked,
        width_mm: drawing.width_mm,
        height_mm: drawing.height_mm,
      };
    },

    async foods(userId: string, q: string, limit: number): Promise<Out<'foods'>> {
      const own = await ownFoods(userId);
      const ids = new Set(own.map((f) => f.id));
      return { list: searchFoods(q, { extra: own, limit }).map((f) => toFoodDto(f, ids.has(f.id))) };
    },

    async saveFood(userId: string, body: In<'saveFood'>): Promise<NutritionFood> {
      const per100g = checkPer100g(body.per_100g);
      const allergens = [...new Set(body.allergens ?? [])];
      allergens.forEach((a, i) => {
        if (!KNOWN_ALLERGENS.has(a)) throw badRequest(NutritionServiceMsg.unknownAllergen(i, a));
      });
      if (body.food_id) {
        const row = await deps.repo.update(userId, body.food_id, { name: body.name, per100g, allergens });
        if (!row) throw notFound(NutritionServiceMsg.foodNotFound);
        return toFoodDto(toFood(row), true);
      }
      if ((await deps.repo.countOf(userId)) >= MAX_OWN_FOODS) throw badRequest(NutritionServiceMsg.tooManyFoods);
      const row = await deps.repo.insert({ id: `${OWN_FOOD_PREFIX}${newId()}`, userId, name: body.name, per100g, allergens });
      return toFoodDto(toFood(row), true);
    },

    async deleteFood(userId: string, foodId: string): Promise<{ food_id: string }> {
      if (!(await deps.repo.remove(userId, foodId))) throw notFound(NutritionServiceMsg.foodNotFound);
      return { food_id: foodId };
    },
  };
}
export type NutritionService = ReturnType<typeof createNutritionService>;
