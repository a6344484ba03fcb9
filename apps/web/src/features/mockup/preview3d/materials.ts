/*
 * The nine material types (contracts MATERIAL_TYPES) as physically based parameters for
 * three.js's MeshPhysicalMaterial. Pure data: the scene builds materials from it. Figures follow
 * the design engine's packshot materials (render3d/materials.ts): coated board with a soft
 * varnish, uncoated kraft, glossy and matt plastics and metals, clear and frosted glass.
 */
import type { MaterialType } from '@packsmith/contracts';

export interface PbrParams {
  readonly roughness: number;
  readonly metalness: number;
  /** Varnish or lacquer over the print. */
  readonly clearcoat: number;
  readonly clearcoatRoughness: number;
  /** Light through the body (glass): printed parts stay opaque paper. */
  readonly transmission: number;
  readonly ior: number;
  /** Thickness of a transmissive wall, mm. */
  readonly thickness: number;
  /** How strongly the environment reflects. */
  readonly envMapIntensity: number;
  /** Procedural surface relief: paper fibres, or the corrugation under a liner. */
  readonly relief: 'fibre' | 'flute' | null;
  /** Strength of that relief (normal map scale). */
  readonly reliefScale: number;
  /**
   * Board colour inks are printed on (hex): light inks let it through (kraft and flute take no
   * white), so the print is multiplied by it. Null for white or coated stock.
   */
  readonly substrate: string | null;
  /** Unprinted side of the board (insides of cartons), hex. */
  readonly board: string;
}

const PARAMS: Readonly<Record<MaterialType, PbrParams>> = {
  WHITE_BOARD: {
    // The varnish's soft sheen is in the roughness: a clear coat layer would cost a second lobe per pixel.
    roughness: 0.55,
    metalness: 0,
    clearcoat: 0,
    clearcoatRoughness: 1,
    transmission: 0,
    ior: 1.5,
    thickness: 0,
    envMapIntensity: 0.8,
    relief: 'fibre',
    reliefScale: 0.12,
    substrate: null,
    board: '#f1eee6',
  },
  KRAFT: {
    roughness: 0.9,
    metalness: 0,
    clearcoat: 0,
    clearcoatRoughness: 1,
    transmission: 0,
    ior: 1.5,
    thickness: 0,
    envMapIntensity: 0.6,
    relief: 'fibre',
    reliefScale: 0.45,
    substrate: '#c99f72',
    board: '#b88c5c',
  },
  PLASTIC_GLOSSY: {
    roughness: 0.16,
    metalness: 0,
    clearcoat: 0.9,
    clearcoatRoughness: 0.06,
    transmission: 0,
    ior: 1.5,
    thickness: 0,
    envMapIntensity: 1,
    relief: null,
    reliefScale: 0,
    substrate: null,
    board: '#f4f4f2',
  },
  PLASTIC_MATT: {
    roughness: 0.58,
    metalness: 0,
    clearcoat: 0,
    clearcoatRoughness: 1,
    transmission: 0,
    ior: 1.5,
    thickness: 0,
    envMapIntensity: 0.8,
    relief: null,
    reliefScale: 0,
    substrate: null,
    board: '#eeeeec',
  },
  METAL_GLOSSY: {
    roughness: 0.16,
    metalness: 1,
    clearcoat: 0.4,
    clearcoatRoughness: 0.08,
    transmission: 0,
    ior: 1.5,
    thickness: 0,
    envMapIntensity: 1.2,
    relief: null,
    reliefScale: 0,
    substrate: null,
    board: '#cdd0d4',
  },
  METAL_MATT: {
    roughness: 0.42,
    metalness: 1,
    clearcoat: 0,
    clearcoatRoughness: 1,
    transmission: 0,
    ior: 1.5,
    thickness: 0,
    envMapIntensity: 1,
    relief: null,
    reliefScale: 0,
    substrate: null,
    board: '#bec0c4',
  },
  FLUTE: {
    roughness: 0.94,
    metalness: 0,
    clearcoat: 0,
    clearcoatRoughness: 1,
    transmission: 0,
    ior: 1.5,
    thickness: 0,
    envMapIntensity: 0.55,
    relief: 'flute',
    reliefScale: 0.6,
    substrate: '#d0aa7c',
    board: '#c09466',
  },
  GLASS_GLOSSY: {
    roughness: 0.04,
    metalness: 0,
    clearcoat: 1,
    clearcoatRoughness: 0.03,
    transmission: 1,
    ior: 1.5,
    thickness: 3,
    envMapIntensity: 1.2,
    relief: null,
    reliefScale: 0,
    substrate: null,
    board: '#dce8e4',
  },
  GLASS_MATT: {
    roughness: 0.5,
    metalness: 0,
    clearcoat: 0,
    clearcoatRoughness: 1,
    transmission: 1,
    ior: 1.5,
    thickness: 3,
    envMapIntensity: 0.9,
    relief: null,
    reliefScale: 0,
    substrate: null,
    board: '#e4ebe9',
  },
};

/** Physically based parameters of a material type. */
export function pbrFor(material: MaterialType): PbrParams {
  return PARAMS[material];
}

/** Whether a material lets light through (the pack's body shows the scene behind it). */
export const isGlass = (material: MaterialType): boolean => PARAMS[material].transmission > 0;
