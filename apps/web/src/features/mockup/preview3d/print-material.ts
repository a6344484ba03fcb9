/*
 * One material per printed surface: MeshPhysicalMaterial whose map is laid OVER the surface's
 * own colour by the image's alpha (three.js multiplies by default), so a face image's
 * transparent parts show the background colour (cartons) or the body (glass between labels).
 * On kraft and flute the print is multiplied by the board colour (no white ink); on glass the
 * printed parts stop transmitting light, as a paper label does.
 */
import { Color, DataTexture, FrontSide, LinearFilter, LinearMipmapLinearFilter, MeshPhysicalMaterial, RepeatWrapping, type Side, type Texture } from 'three';
import type { PbrParams } from './materials';
import type { ReliefMap } from './relief';
import { STUDIO_APPLY, STUDIO_GLSL } from './studio-light';

export interface PrintMaterialOptions {
  readonly pbr: PbrParams;
  /** Colour under the print (hex): the design's background, or a body's own colour. */
  readonly base: string;
  readonly map: Texture | null;
  /** Multiplies the printed colour (pressed film is a shade darker). */
  readonly tint?: number;
  /** Print only inside uv 0–1 (a front image on part of a round body). */
  readonly clip?: boolean;
  readonly relief?: Texture | null;
  readonly side?: Side;
  readonly opacity?: number;
  /** Ignore the material's transmission (labels and unprinted board are never glass). */
  readonly opaque?: boolean;
  readonly roughness?: number;
  /** Strength of the studio light (studio-light.ts). */
  readonly studio?: number;
}

let blank: DataTexture | null = null;

/**
 * A transparent texel: surfaces without an image carry it, so every surface of a pack compiles
 * to the same shader program (on software WebGL each program costs a noticeable pause).
 */
export function blankMap(): DataTexture {
  if (!blank) {
    blank = new DataTexture(new Uint8Array([255, 255, 255, 0]), 1, 1);
    blank.needsUpdate = true;
  }
  return blank;
}

export function printMaterial(o: PrintMaterialOptions): MeshPhysicalMaterial {
  const { pbr } = o;
  const transmission = o.opaque ? 0 : pbr.transmission;
  const m = new MeshPhysicalMaterial({
    color: new Color(o.base),
    roughness: o.roughness ?? pbr.roughness,
    metalness: pbr.metalness,
    clearcoat: pbr.clearcoat,
    clearcoatRoughness: pbr.clearcoatRoughness,
    transmission,
    ior: pbr.ior,
    thickness: pbr.thickness,
    envMapIntensity: pbr.envMapIntensity,
    side: o.side ?? FrontSide,
  });
  m.map = o.map ?? blankMap();
  if (o.relief && pbr.relief) {
    m.normalMap = o.relief;
    m.normalScale.set(pbr.reliefScale, pbr.reliefScale);
  }
  if (o.opacity !== undefined && o.opacity < 1) {
    m.transparent = true;
    m.opacity = o.opacity;
  }
  const substrate = new Color(pbr.substrate ?? '#ffffff');
  const tint = o.tint ?? 1;
  const clip = o.clip ? 1 : 0;
  m.onBeforeCompile = (shader) => {
    shader.uniforms.printTint = { value: tint };
    shader.uniforms.printSubstrate = { value: substrate };
    shader.uniforms.printClip = { value: clip };
    shader.uniforms.studioIntensity = { value: (o.studio ?? 1) * pbr.envMapIntensity };
    shader.fragmentShader = shader.fragmentShader
      .replace('#include <common>', `#include <common>\nuniform float printTint;\nuniform vec3 printSubstrate;\nuniform float printClip;\n${STUDIO_GLSL}`)
      .replace('#include <lights_fragment_maps>', `#include <lights_fragment_maps>\n${STUDIO_APPLY}`)
      .replace(
        '#include <map_fragment>',
        [
          'float printCoverage = 0.0;',
          '#ifdef USE_MAP',
          '  vec4 printTexel = texture2D( map, vMapUv );',
          '  if ( printClip > 0.5 && ( vMapUv.x < 0.0 || vMapUv.x > 1.0 || vMapUv.y < 0.0 || vMapUv.y > 1.0 ) ) printTexel.a = 0.0;',
          '  printCoverage = printTexel.a;',
          '  diffuseColor.rgb = mix( diffuseColor.rgb, printTexel.rgb * printSubstrate * printTint, printCoverage );',
          '#endif',
        ].join('\n'),
      )
      .replace('material.transmission = transmission;', 'material.transmission = transmission * ( 1.0 - printCoverage );');
  };
  m.customProgramCacheKey = () => 'packsmith-print';
  return m;
}

/** A relief map as a tiling three.js texture on uv channel `channel`, `repeat` tiles per uv unit. */
export function reliefTexture(map: ReliefMap, channel: number, repeat: number): DataTexture {
  const t = new DataTexture(map.data, map.size, map.size);
  t.wrapS = RepeatWrapping;
  t.wrapT = RepeatWrapping;
  t.magFilter = LinearFilter;
  t.minFilter = LinearMipmapLinearFilter;
  t.generateMipmaps = true;
  t.channel = channel;
  t.repeat.set(repeat, repeat);
  t.needsUpdate = true;
  return t;
}
