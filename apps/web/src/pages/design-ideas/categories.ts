/** SPEC §3 design-idea categories, with their URL slugs. */
export const IDEA_CATEGORIES = [
  'Food & Beverages',
  'Electronics',
  'Fashion & Beauty',
  'Health & Personal Care',
  'Household essentials',
  'Baby & Toys',
  'Others',
] as const;

export function slugOf(category: string): string {
  return category
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function categoryOfSlug(slug: string): string | undefined {
  return IDEA_CATEGORIES.find((c) => slugOf(c) === slug.toLowerCase());
}
