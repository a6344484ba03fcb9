/*
 * The studio's image-based light, as a function evaluated in the material's shader rather than a
 * prefiltered environment map. three.js's PMREM filter (256 GGX samples per texel) took ~10 s on
 * software WebGL here (SwiftShader, 2 cores), blocking the page; this costs a few dozen
 * instructions per pixel on any device. Built from nothing downloaded: a soft vertical gradient
 * (a light ceiling, a darker floor) and three softboxes (a large key above front-left, a strip
 * either side), blurred with roughness so glossy plastic and metal show crisp highlights and
 * matt board a broad sheen. World space, y up; the pack faces +z.
 */

/** GLSL: `studioRadiance(dir, roughness)` (specular) and `studioIrradiance(normal)` (diffuse), linear. */
export const STUDIO_GLSL = /* glsl */ `
uniform float studioIntensity;
vec3 studioGradient( vec3 d ) {
  float y = d.y;
  vec3 floorColor = vec3( 0.16, 0.16, 0.17 );
  vec3 horizon = vec3( 0.55, 0.56, 0.58 );
  vec3 ceiling = vec3( 0.95, 0.95, 0.96 );
  return y < 0.0 ? mix( horizon, floorColor, smoothstep( 0.0, 0.5, -y ) ) : mix( horizon, ceiling, smoothstep( 0.0, 0.8, y ) );
}
float studioLobe( vec3 d, vec3 axis, float size, float roughness ) {
  // A disc of angular radius ~size, widened and dimmed (energy kept) as roughness grows.
  float spread = size + roughness * roughness * 1.6;
  float c = dot( d, axis );
  float edge = cos( min( spread, 3.0 ) );
  float k = smoothstep( edge - 0.02 - roughness * 0.4, edge + 0.02, c );
  return k * ( size * size ) / ( spread * spread );
}
vec3 studioRadiance( vec3 d, float roughness ) {
  vec3 c = studioGradient( d ) * 0.7;
  c += vec3( 6.0, 5.9, 5.7 ) * studioLobe( d, normalize( vec3( -0.55, 0.75, 0.6 ) ), 0.42, roughness );
  c += vec3( 3.2 ) * studioLobe( d, normalize( vec3( -1.0, 0.12, -0.15 ) ), 0.22, roughness );
  c += vec3( 2.6 ) * studioLobe( d, normalize( vec3( 1.0, 0.2, 0.25 ) ), 0.22, roughness );
  return c * studioIntensity;
}
vec3 studioIrradiance( vec3 n ) {
  // Cosine-weighted: the gradient seen by the normal plus the softboxes in front of it.
  vec3 c = studioGradient( n ) * 0.9;
  c += vec3( 0.55 ) * max( dot( n, normalize( vec3( -0.55, 0.75, 0.6 ) ) ), 0.0 );
  c += vec3( 0.18 ) * max( dot( n, normalize( vec3( -1.0, 0.12, -0.15 ) ) ), 0.0 );
  c += vec3( 0.15 ) * max( dot( n, normalize( vec3( 1.0, 0.2, 0.25 ) ) ), 0.0 );
  return c * PI * studioIntensity;
}
`;

/** GLSL inserted after three.js's `lights_fragment_maps`: adds the studio where no environment map does. */
export const STUDIO_APPLY = /* glsl */ `
#ifndef USE_ENVMAP
  {
    vec3 studioN = inverseTransformDirection( geometryNormal, viewMatrix );
    vec3 studioR = inverseTransformDirection( reflect( - geometryViewDir, geometryNormal ), viewMatrix );
    #if defined( RE_IndirectDiffuse )
      iblIrradiance += studioIrradiance( studioN );
    #endif
    #if defined( RE_IndirectSpecular )
      radiance += studioRadiance( studioR, material.roughness );
      #ifdef USE_CLEARCOAT
        vec3 studioRc = inverseTransformDirection( reflect( - geometryViewDir, geometryClearcoatNormal ), viewMatrix );
        clearcoatRadiance += studioRadiance( studioRc, material.clearcoatRoughness );
      #endif
    #endif
  }
#endif
`;
