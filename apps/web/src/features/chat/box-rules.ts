import { NO_BOX_ID, boxById, boxBySlug, lookupBox, type CallData, type chatCalls } from '@packsmith/contracts';
import { selectBox, type SelectBoxInfo } from '../../stores/project.store';
import type { BoxOption } from './chat-data';

export type BoxCategoryGroup = CallData<typeof chatCalls.boxCatalog>['categories'][number];

/**
 * SPEC §4 project data arriving from chat: categories holding the returned boxes come first (in the
 * order the assistant returned them), the others keep their catalogue order.
 */
export function orderBoxCategories(categories: readonly BoxCategoryGroup[], returned: readonly Pick<BoxOption, 'box_id' | 'category'>[]): BoxCategoryGroup[] {
  const rank = new Map<string, number>();
  for (const box of returned) {
    const holder = categories.find((c) => c.boxes.some((b) => b.box_id === box.box_id)) ?? categories.find((c) => c.name === box.category);
    if (holder && !rank.has(holder.name)) rank.set(holder.name, rank.size);
  }
  const first = categories.filter((c) => rank.has(c.name)).sort((a, b) => (rank.get(a.name) ?? 0) - (rank.get(b.name) ?? 0));
  const rest = categories.filter((c) => !rank.has(c.name));
  return [...first, ...rest];
}

/** Box names and slugs → ids, for the SPEC §4 box selection rule (unknown boxes get 0). */
export function boxIdIndex(categories: readonly BoxCategoryGroup[]): Record<string, number> {
  const index: Record<string, number> = {};
  for (const c of categories) {
    for (const b of c.boxes) {
      index[b.slug] = b.box_id;
      index[b.name] = b.box_id;
    }
  }
  return index;
}

export interface BoxChoice {
  box: string[];
  boxId: number;
  selectBoxInfo: SelectBoxInfo;
}

/**
 * SPEC §4 box selection: the chosen box goes first in the box list and sets boxId (0 when unknown).
 * The list holds catalogue slugs, as the server stores them; selectBoxInfo keeps the display name.
 */
export function chooseBox(
  currentBoxes: readonly string[],
  option: Pick<BoxOption, 'name' | 'slug' | 'box_id'>,
  index: Readonly<Record<string, number>>,
): BoxChoice {
  const known = option.box_id !== NO_BOX_ID ? { ...index, [option.slug]: option.box_id } : index;
  const others = currentBoxes.filter((b) => b !== option.name && b !== option.slug);
  const { box, boxId } = selectBox(others, { name: option.slug, value: option.slug }, known);
  return { box, boxId, selectBoxInfo: { name: option.name, value: option.slug } };
}

/** A box list entry (a slug, or a name a person typed) as a card: its display name, slug and id. */
export function boxOptionOf(entry: string, index: Readonly<Record<string, number>> = {}): Pick<BoxOption, 'name' | 'slug' | 'box_id'> {
  const known = boxBySlug(entry) ?? lookupBox(entry);
  return { name: known?.name ?? entry, slug: known?.slug ?? entry, box_id: known?.id ?? index[entry] ?? NO_BOX_ID };
}

/** The display name of a box list entry ("mailer-box" → "Mailer Box"). */
export function boxLabel(entry: string | undefined): string {
  if (!entry) return '';
  return (boxBySlug(entry) ?? lookupBox(entry))?.name ?? entry;
}

/** A project's selected box: data.box_id when it is a catalogue id (the server's rule), else the list's first entry. */
export function selectedBoxOf(box: readonly string[], storedId: unknown): Pick<BoxOption, 'name' | 'slug' | 'box_id'> | null {
  if (typeof storedId === 'number' && storedId !== NO_BOX_ID) {
    const known = boxById(storedId);
    if (known) return { name: known.name, slug: known.slug, box_id: known.id };
  }
  const first = box[0];
  return first ? boxOptionOf(first) : null;
}
