/**
 * Minimal vector and matrix maths for the software renderer.
 *
 * Conventions: right-handed world, Y up, millimetres. Matrices are column-major
 * 16-tuples (OpenGL layout), so `m[12..14]` is the translation. Clip space is
 * OpenGL's: after the divide, x, y and z lie in [-1, 1] inside the frustum and
 * the camera looks down its own -Z axis.
 */

export type Vec3 = readonly [number, number, number];

export type Mat4 = readonly [number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number];

/** Homogeneous clip-space point. */
export type Vec4 = readonly [number, number, number, number];

export const vec3 = (x: number, y: number, z: number): Vec3 => [x, y, z];

export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const scale = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s];
export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
export const length = (a: Vec3): number => Math.hypot(a[0], a[1], a[2]);

export function normalize(a: Vec3): Vec3 {
  const len = length(a);
  return len > 0 ? [a[0] / len, a[1] / len, a[2] / len] : [0, 0, 0];
}

export const IDENTITY: Mat4 = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/** `a · b`: applies `b` first, then `a`. */
export function multiply(a: Mat4, b: Mat4): Mat4 {
  // Entry (row, col) of the product, column-major.
  const e = (row: number, col: number): number =>
    a[row]! * b[col * 4]! + a[4 + row]! * b[col * 4 + 1]! + a[8 + row]! * b[col * 4 + 2]! + a[12 + row]! * b[col * 4 + 3]!;
  return [e(0, 0), e(1, 0), e(2, 0), e(3, 0), e(0, 1), e(1, 1), e(2, 1), e(3, 1), e(0, 2), e(1, 2), e(2, 2), e(3, 2), e(0, 3), e(1, 3), e(2, 3), e(3, 3)];
}

/** View matrix of a camera at `eye` looking at `target`. */
export function lookAt(eye: Vec3, target: Vec3, up: Vec3 = [0, 1, 0]): Mat4 {
  const f = normalize(sub(target, eye));
  const s = normalize(cross(f, up));
  const u = cross(s, f);
  return [s[0], u[0], -f[0], 0, s[1], u[1], -f[1], 0, s[2], u[2], -f[2], 0, -dot(s, eye), -dot(u, eye), dot(f, eye), 1];
}

/** OpenGL-style perspective projection; `fovYDeg` is the full vertical field of view. */
export function perspective(fovYDeg: number, aspect: number, near: number, far: number): Mat4 {
  const f = 1 / Math.tan((fovYDeg * Math.PI) / 360);
  const nf = 1 / (near - far);
  return [f / aspect, 0, 0, 0, 0, f, 0, 0, 0, 0, (far + near) * nf, -1, 0, 0, 2 * far * near * nf, 0];
}

/** Post-projection zoom and shift in normalised device coordinates (a "shifted lens"). */
export function ndcAdjust(zoom: number, shiftX: number, shiftY: number): Mat4 {
  // x/w becomes zoom*x/w + shiftX: the image is cropped and scaled, the
  // perspective itself (and so the depth order) is unchanged.
  return [zoom, 0, 0, 0, 0, zoom, 0, 0, 0, 0, 1, 0, shiftX, shiftY, 0, 1];
}

export function transformPoint4(m: Mat4, p: Vec3): Vec4 {
  const [x, y, z] = p;
  return [
    m[0] * x + m[4] * y + m[8] * z + m[12],
    m[1] * x + m[5] * y + m[9] * z + m[13],
    m[2] * x + m[6] * y + m[10] * z + m[14],
    m[3] * x + m[7] * y + m[11] * z + m[15],
  ];
}

/** Projects a world point to pixel coordinates (origin top-left, y down) and NDC depth. */
export function projectToScreen(viewProj: Mat4, p: Vec3, width: number, height: number): Vec3 {
  const [x, y, z, w] = transformPoint4(viewProj, p);
  return [((x / w + 1) / 2) * width, ((1 - y / w) / 2) * height, z / w];
}

export const clamp = (v: number, lo: number, hi: number): number => (v < lo ? lo : v > hi ? hi : v);
export const degToRad = (d: number): number => (d * Math.PI) / 180;

/** Unit vector from spherical angles: yaw about +Y measured from +Z towards +X, pitch up from the XZ plane. */
export function direction(yawDeg: number, pitchDeg: number): Vec3 {
  const yaw = degToRad(yawDeg);
  const pitch = degToRad(pitchDeg);
  return [Math.sin(yaw) * Math.cos(pitch), Math.sin(pitch), Math.cos(yaw) * Math.cos(pitch)];
}

/** General 4×4 inverse; throws on a singular matrix. */
export function invert(m: Mat4): Mat4 {
  const [a00, a01, a02, a03, a10, a11, a12, a13, a20, a21, a22, a23, a30, a31, a32, a33] = m;
  const b00 = a00 * a11 - a01 * a10;
  const b01 = a00 * a12 - a02 * a10;
  const b02 = a00 * a13 - a03 * a10;
  const b03 = a01 * a12 - a02 * a11;
  const b04 = a01 * a13 - a03 * a11;
  const b05 = a02 * a13 - a03 * a12;
  const b06 = a20 * a31 - a21 * a30;
  const b07 = a20 * a32 - a22 * a30;
  const b08 = a20 * a33 - a23 * a30;
  const b09 = a21 * a32 - a22 * a31;
  const b10 = a21 * a33 - a23 * a31;
  const b11 = a22 * a33 - a23 * a32;
  const det = b00 * b11 - b01 * b10 + b02 * b09 + b03 * b08 - b04 * b07 + b05 * b06;
  if (!det) throw new Error('Matrix is not invertible');
  const d = 1 / det;
  return [
    (a11 * b11 - a12 * b10 + a13 * b09) * d,
    (a02 * b10 - a01 * b11 - a03 * b09) * d,
    (a31 * b05 - a32 * b04 + a33 * b03) * d,
    (a22 * b04 - a21 * b05 - a23 * b03) * d,
    (a12 * b08 - a10 * b11 - a13 * b07) * d,
    (a00 * b11 - a02 * b08 + a03 * b07) * d,
    (a32 * b02 - a30 * b05 - a33 * b01) * d,
    (a20 * b05 - a22 * b02 + a23 * b01) * d,
    (a10 * b10 - a11 * b08 + a13 * b06) * d,
    (a01 * b08 - a00 * b10 - a03 * b06) * d,
    (a30 * b04 - a31 * b02 + a33 * b00) * d,
    (a21 * b02 - a20 * b04 - a23 * b00) * d,
    (a11 * b07 - a10 * b09 - a12 * b06) * d,
    (a00 * b09 - a01 * b07 + a02 * b06) * d,
    (a31 * b01 - a30 * b03 - a32 * b00) * d,
    (a20 * b03 - a21 * b01 + a22 * b00) * d,
  ];
}
