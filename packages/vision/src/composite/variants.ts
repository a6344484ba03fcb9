/**
 * What differs between the variants of one run: the scene's exposure and warmth, the shadow's
 * strength and softness, and a small light grade on the product — never the product's colours
 * (the grade stays under the ΔE limit).
 */
export interface VariantLook {
  /** Scene exposure and warmth (warmth > 0: warmer). */
  sceneExposure: number;
  sceneWarmth: number;
  /** Product exposure and the share of the scene's white balance it takes. */
  exposure: number;
  whiteBalance: number;
  /** Lit-side to far-side brightness difference across the product. */
  falloff: number;
  edgeTint: number;
  rim: number;
  /** Cast and contact shadow darkness, and how soft the light is (blur multiplier). */
  castStrength: number;
  contactStrength: number;
  softness: number;
}

export const VARIANT_LOOKS: readonly VariantLook[] = [
  {
    sceneExposure: 1.0,
    sceneWarmth: 0,
    exposure: 1.0,
    whiteBalance: 0.12,
    falloff: 0.06,
    edgeTint: 0.3,
    rim: 0.08,
    castStrength: 0.55,
    contactStrength: 0.75,
    softness: 1.0,
  },
  {
    sceneExposure: 1.05,
    sceneWarmth: 0.025,
    exposure: 1.015,
    whiteBalance: 0.14,
    falloff: 0.05,
    edgeTint: 0.35,
    rim: 0.1,
    castStrength: 0.42,
    contactStrength: 0.65,
    softness: 1.6,
  },
  {
    sceneExposure: 0.95,
    sceneWarmth: -0.02,
    exposure: 0.985,
    whiteBalance: 0.1,
    falloff: 0.08,
    edgeTint: 0.28,
    rim: 0.06,
    castStrength: 0.68,
    contactStrength: 0.85,
    softness: 0.7,
  },
  {
    sceneExposure: 1.07,
    sceneWarmth: 0.04,
    exposure: 1.02,
    whiteBalance: 0.15,
    falloff: 0.04,
    edgeTint: 0.38,
    rim: 0.12,
    castStrength: 0.35,
    contactStrength: 0.6,
    softness: 2.1,
  },
  {
    sceneExposure: 0.97,
    sceneWarmth: -0.035,
    exposure: 0.99,
    whiteBalance: 0.12,
    falloff: 0.09,
    edgeTint: 0.25,
    rim: 0.05,
    castStrength: 0.62,
    contactStrength: 0.8,
    softness: 0.85,
  },
  {
    sceneExposure: 1.02,
    sceneWarmth: 0.012,
    exposure: 1.01,
    whiteBalance: 0.13,
    falloff: 0.06,
    edgeTint: 0.32,
    rim: 0.09,
    castStrength: 0.5,
    contactStrength: 0.72,
    softness: 1.25,
  },
  {
    sceneExposure: 0.93,
    sceneWarmth: 0.02,
    exposure: 0.98,
    whiteBalance: 0.1,
    falloff: 0.1,
    edgeTint: 0.3,
    rim: 0.07,
    castStrength: 0.72,
    contactStrength: 0.9,
    softness: 0.6,
  },
  {
    sceneExposure: 1.03,
    sceneWarmth: -0.01,
    exposure: 1.0,
    whiteBalance: 0.14,
    falloff: 0.05,
    edgeTint: 0.36,
    rim: 0.1,
    castStrength: 0.4,
    contactStrength: 0.62,
    softness: 1.85,
  },
];

/** The look of variant `index` (any integer; repeats every 8). */
export function variantLook(index = 0): VariantLook {
  const n = VARIANT_LOOKS.length;
  return VARIANT_LOOKS[((Math.trunc(index) % n) + n) % n] as VariantLook;
}
