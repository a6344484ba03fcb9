/**
 * Packaging materials of the spec mapped to shading parameters.
 */

export const MATERIAL_TYPES = [
  'WHITE_BOARD',
  'KRAFT',
  'PLASTIC_GLOSSY',
  'PLASTIC_MATT',
  'METAL_GLOSSY',
  'METAL_MATT',
  'FLUTE',
  'GLASS_GLOSSY',
  'GLASS_MATT',
] as const;
export type MaterialType = (typeof MATERIAL_TYPES)[number];

/** Shading parameters of a surface; colours are linear RGB. */
export interface MaterialParams {
  /** Colour where there is no texture (or where the texture is transparent). */
  readonly baseColor: readonly [number, number, number];
  /** 0 = mirror-like, 1 = chalky; sets the Blinn-Phong exponent. */
  readonly roughness: number;
  /** Strength of the key light's highlight. */
  readonly specular: number;
  /** Reflectance at normal incidence (Fresnel F0) of the dielectric part; a metal's own F0 is its colour. */
  readonly reflectance: number;
  /** 0 = dielectric, 1 = metal: tints highlights and reflections by the albedo and removes diffuse. */
  readonly metallic: number;
  /** 1 = opaque; glass lets the background through (label areas stay opaque). */
  readonly opacity: number;
}

/** Colours in sRGB 0..255, converted on use. */
const S = (r: number, g: number, b: number): [number, number, number] => [lin(r), lin(g), lin(b)];
function lin(c: number): number {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
}

const TABLE: Readonly<Record<MaterialType, MaterialParams>> = {
  // Coated folding carton: mostly diffuse with a soft sheen from the varnish.
  WHITE_BOARD: { baseColor: S(244, 243, 238), roughness: 0.55, specular: 0.025, reflectance: 0.012, metallic: 0, opacity: 1 },
  // Uncoated brown board: no sheen at all.
  KRAFT: { baseColor: S(186, 146, 102), roughness: 0.9, specular: 0.03, reflectance: 0.01, metallic: 0, opacity: 1 },
  PLASTIC_GLOSSY: { baseColor: S(246, 246, 246), roughness: 0.18, specular: 0.9, reflectance: 0.05, metallic: 0, opacity: 1 },
  PLASTIC_MATT: { baseColor: S(238, 238, 236), roughness: 0.6, specular: 0.06, reflectance: 0.02, metallic: 0, opacity: 1 },
  METAL_GLOSSY: { baseColor: S(205, 208, 212), roughness: 0.15, specular: 1.0, reflectance: 0.04, metallic: 1, opacity: 1 },
  METAL_MATT: { baseColor: S(190, 192, 196), roughness: 0.45, specular: 0.5, reflectance: 0.04, metallic: 1, opacity: 1 },
  // Corrugated board: like kraft, slightly lighter.
  FLUTE: { baseColor: S(196, 160, 118), roughness: 0.95, specular: 0.02, reflectance: 0.01, metallic: 0, opacity: 1 },
  GLASS_GLOSSY: { baseColor: S(214, 226, 222), roughness: 0.06, specular: 1.2, reflectance: 0.06, metallic: 0, opacity: 0.32 },
  GLASS_MATT: { baseColor: S(226, 232, 230), roughness: 0.45, specular: 0.3, reflectance: 0.04, metallic: 0, opacity: 0.6 },
};

export function materialParams(type: MaterialType): MaterialParams {
  return TABLE[type];
}

/** A copy of `m` with another base colour (linear RGB). */
export function withBaseColor(m: MaterialParams, baseColor: readonly [number, number, number]): MaterialParams {
  return { ...m, baseColor };
}
