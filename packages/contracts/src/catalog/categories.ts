import { z } from 'zod';

/*
 * The fixed category lists of SPEC §3 "Catalogues". Names are spelled exactly as the spec
 * spells them because the web shows them and the API accepts them; slugs are for URLs
 * (/design-ideas/{name}, /aimockup/{name}) and never change once published.
 */

/** Product box categories (SPEC §3). `id` is the hundreds digit of every box id in it. */
export const BOX_CATEGORIES = [
  { id: 1, slug: 'product-boxes', name: 'Product Boxes' },
  { id: 2, slug: 'shipping-boxes', name: 'Shipping Boxes' },
  { id: 3, slug: 'beverage-bottles', name: 'Beverage Bottles' },
  { id: 4, slug: 'cosmetic-bottles', name: 'Cosmetic Bottles' },
  { id: 5, slug: 'pouches', name: 'Pouches' },
  { id: 6, slug: 'bags', name: 'Bags' },
  { id: 7, slug: 'cans-jars', name: 'Cans & Jars' },
  { id: 8, slug: 'tubes', name: 'Tubes' },
  { id: 9, slug: 'containers-cups-bowls', name: 'Containers & Cups & Bowls' },
] as const;
export type BoxCategory = (typeof BOX_CATEGORIES)[number];
export type BoxCategoryName = BoxCategory['name'];
export type BoxCategorySlug = BoxCategory['slug'];
export const BoxCategoryNameSchema = z.enum(BOX_CATEGORIES.map((c) => c.name) as [BoxCategoryName, ...BoxCategoryName[]]);
export const BoxCategorySlugSchema = z.enum(BOX_CATEGORIES.map((c) => c.slug) as [BoxCategorySlug, ...BoxCategorySlug[]]);

/** Design-idea categories (SPEC §3), browsed at /design-ideas/{name}. */
export const DESIGN_IDEA_CATEGORIES = [
  { slug: 'food-beverages', name: 'Food & Beverages' },
  { slug: 'electronics', name: 'Electronics' },
  { slug: 'fashion-beauty', name: 'Fashion & Beauty' },
  { slug: 'health-personal-care', name: 'Health & Personal Care' },
  { slug: 'household-essentials', name: 'Household essentials' },
  { slug: 'baby-toys', name: 'Baby & Toys' },
  { slug: 'others', name: 'Others' },
] as const;
export type DesignIdeaCategory = (typeof DESIGN_IDEA_CATEGORIES)[number];
export type DesignIdeaCategoryName = DesignIdeaCategory['name'];
export type DesignIdeaCategorySlug = DesignIdeaCategory['slug'];
export const DesignIdeaCategoryNameSchema = z.enum(DESIGN_IDEA_CATEGORIES.map((c) => c.name) as [DesignIdeaCategoryName, ...DesignIdeaCategoryName[]]);
export const DesignIdeaCategorySlugSchema = z.enum(DESIGN_IDEA_CATEGORIES.map((c) => c.slug) as [DesignIdeaCategorySlug, ...DesignIdeaCategorySlug[]]);

/** Mockup template categories (SPEC §3), browsed at /aimockup/{name}. */
export const MOCKUP_CATEGORIES = [
  { slug: 'boxes', name: 'Boxes' },
  { slug: 'bottles-jugs', name: 'Bottles & Jugs' },
  { slug: 'food-packaging', name: 'Food Packaging' },
  { slug: 'pouches-sachets-bags', name: 'Pouches & Sachets & Bags' },
  { slug: 'cans-jars', name: 'Cans & Jars' },
  { slug: 'tubes', name: 'Tubes' },
  { slug: 'containers-cups-bowls', name: 'Containers & Cups & Bowls' },
  { slug: 'others', name: 'Others' },
] as const;
export type MockupCategory = (typeof MOCKUP_CATEGORIES)[number];
export type MockupCategoryName = MockupCategory['name'];
export type MockupCategorySlug = MockupCategory['slug'];
export const MockupCategoryNameSchema = z.enum(MOCKUP_CATEGORIES.map((c) => c.name) as [MockupCategoryName, ...MockupCategoryName[]]);
export const MockupCategorySlugSchema = z.enum(MOCKUP_CATEGORIES.map((c) => c.slug) as [MockupCategorySlug, ...MockupCategorySlug[]]);

/**
 * Surface material types (SPEC §3). `finish` and `base` let renderers pick shading without
 * parsing the identifier. Board caliper is not a property of the surface (kraft can be a
 * 0.5 mm board or a 3 mm corrugated sheet), so dielines take thickness as a parameter.
 */
export const MATERIAL_TYPES = [
  { id: 'WHITE_BOARD', name: 'White board', base: 'paperboard', finish: 'matt' },
  { id: 'KRAFT', name: 'Kraft', base: 'paperboard', finish: 'matt' },
  { id: 'PLASTIC_GLOSSY', name: 'Plastic (glossy)', base: 'plastic', finish: 'glossy' },
  { id: 'PLASTIC_MATT', name: 'Plastic (matt)', base: 'plastic', finish: 'matt' },
  { id: 'METAL_GLOSSY', name: 'Metal (glossy)', base: 'metal', finish: 'glossy' },
  { id: 'METAL_MATT', name: 'Metal (matt)', base: 'metal', finish: 'matt' },
  { id: 'FLUTE', name: 'Corrugated (flute)', base: 'corrugated', finish: 'matt' },
  { id: 'GLASS_GLOSSY', name: 'Glass (glossy)', base: 'glass', finish: 'glossy' },
  { id: 'GLASS_MATT', name: 'Glass (frosted)', base: 'glass', finish: 'matt' },
] as const;
export type MaterialInfo = (typeof MATERIAL_TYPES)[number];
export type MaterialType = MaterialInfo['id'];
export const MaterialTypeSchema = z.enum(MATERIAL_TYPES.map((m) => m.id) as [MaterialType, ...MaterialType[]]);

/** The material entry for an identifier. */
export function materialInfo(id: MaterialType): MaterialInfo {
  const found = MATERIAL_TYPES.find((m) => m.id === id);
  // MaterialType is derived from MATERIAL_TYPES, so a miss is a programming error.
  if (!found) throw new Error(`Unknown material ${id}`);
  return found;
}
