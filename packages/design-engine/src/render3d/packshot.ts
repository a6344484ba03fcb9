import sharp from 'sharp';
import { add, direction, lookAt, multiply, ndcAdjust, perspective, scale, transformPoint4, type Mat4, type Vec3 } from './math.js';
import { materialParams, withBaseColor, type MaterialType } from './materials.js';
import { meshBounds, slotExtent, slotIndex, SLOTS, type Mesh, type Slot } from './mesh.js';
import { rasterize, type Lighting, type Rgb, type StripLight, type SurfaceMaterial } from './rasterizer.js';
import { buildShape, type ShapeSpec } from './shapes.js';
import { buildGroundShadow, compositeStudio } from './shadow.js';
import { edgeColor, hexToLinear, prepareTexture, type Texture } from './texture.js';

/**
 * Artwork per face (box, pouch) or one wrap-around label (cylinder, bottle,
 * tube, cup). A round shape given only `front` prints it on the front of the
 * label at its own proportions. Faces without artwork take the colour of the
 * front panel's border.
 */
export interface PackshotTextures {
  readonly front?: Texture;
  readonly back?: Texture;
  readonly left?: Texture;
  readonly right?: Texture;
  /** Used for `left` and `right` when those are not given. */
  readonly side?: Texture;
  readonly top?: Texture;
  readonly bottom?: Texture;
  readonly wrap?: Texture;
}

export interface PackshotCamera {
  /**
   * Rotation around the product, degrees; positive shows the right side.
   * Default 25 for boxes, 20 for pouches, 0 for round shapes (their label then faces the camera).
   */
  readonly yawDeg?: number;
  /** Elevation above the horizon, degrees. Default 10 for boxes and pouches, 14 for round shapes. */
  readonly pitchDeg?: number;
  /** Vertical field of view, degrees. Default 18 (a short tele, as product photographers use: little keystone on the front). */
  readonly fovDeg?: number;
}

export interface PackshotOptions {
  readonly shape: ShapeSpec;
  readonly textures: PackshotTextures;
  /** Default depends on the shape: carton for boxes and cups, glossy plastic for bottles and tubes, … */
  readonly material?: MaterialType;
  /** Output is size × size pixels. Default 1024. */
  readonly size?: number;
  readonly camera?: PackshotCamera;
  /** Backdrop colour, `#rrggbb`. Default a warm light grey. */
  readonly background?: string;
  /** Colour of caps and lids, `#rrggbb`. */
  readonly capColor?: string;
  /** Colour of unprinted body parts (bottle glass or plastic outside the label), `#rrggbb`. */
  readonly bodyColor?: string;
  /** Multisampled edges (default true); off only to measure what they cost. */
  readonly antialias?: boolean;
}

export interface PackshotPixels {
  readonly width: number;
  readonly height: number;
  /** sRGB RGBA bytes, opaque. */
  readonly rgba: Uint8Array;
}

export interface Packshot extends PackshotPixels {
  readonly png: Buffer;
}

const DEFAULT_BACKGROUND = '#f1efeb';

export function defaultMaterial(shape: ShapeSpec): MaterialType {
  switch (shape.kind) {
    case 'box':
    case 'cup':
      return 'WHITE_BOARD';
    case 'cylinder':
      return shape.variant === 'can' ? 'METAL_GLOSSY' : shape.variant === 'jar' ? 'GLASS_GLOSSY' : 'WHITE_BOARD';
    case 'bottle':
    case 'tube':
      return 'PLASTIC_GLOSSY';
    case 'pouch':
      return 'PLASTIC_MATT';
  }
}

/**
 * A box shows two faces; a round product is rotationally symmetric, and lights
 * follow the camera, so turning the camera would only turn the label away.
 */
export function defaultYaw(shape: ShapeSpec): number {
  return shape.kind === 'box' ? 25 : shape.kind === 'pouch' ? 20 : 0;
}

/**
 * Flat fronts are seen from low so their text stays square enough to read
 * (OCR reads a box's brand at 25°/10° but not at 28°/15°); round products
 * from a little higher to show their caps and rims.
 */
export function defaultPitch(shape: ShapeSpec): number {
  return shape.kind === 'box' || shape.kind === 'pouch' ? 10 : 14;
}

export const DEFAULT_FOV = 18;

/**
 * Renders a product packshot: the textured product in a three-quarter view,
 * lit by a key and a fill light, standing on a studio floor with a soft shadow.
 * Same options give the same bytes.
 */
export async function renderPackshot(opts: PackshotOptions): Promise<Packshot> {
  const pixels = renderPackshotPixels(opts);
  const png = await sharp(Buffer.from(pixels.rgba.buffer, pixels.rgba.byteOffset, pixels.rgba.byteLength), {
    raw: { width: pixels.width, height: pixels.height, channels: 4 },
  })
    .removeAlpha()
    // Level 3 encodes ~3× faster than the default 6 for ~15% more bytes.
    .png({ compressionLevel: 3, adaptiveFiltering: false })
    .toBuffer();
  return { ...pixels, png };
}

/** Decodes an image (PNG, JPEG, WebP or SVG bytes) into an RGBA texture. */
export async function decodeTexture(image: Buffer | Uint8Array): Promise<Texture> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

/** The synchronous part of {@link renderPackshot}: pixels without PNG encoding. */
export function renderPackshotPixels(opts: PackshotOptions): PackshotPixels {
  const size = opts.size ?? 1024;
  if (!Number.isInteger(size) || size < 16 || size > 4096) throw new Error(`size must be an integer from 16 to 4096, got ${size}`);
  const mesh = buildShape(opts.shape);
  const yaw = opts.camera?.yawDeg ?? defaultYaw(opts.shape);
  const pitch = opts.camera?.pitchDeg ?? defaultPitch(opts.shape);
  const fov = opts.camera?.fovDeg ?? DEFAULT_FOV;
  const background = hexToLinear(opts.background ?? DEFAULT_BACKGROUND);

  const cam = frameCamera(mesh, yaw, pitch, fov, size, 0.8);
  const lighting = studioLighting(yaw, background, meshBounds(mesh).max[1]);
  const materials = slotMaterials(opts, mesh);

  const object = rasterize(
    { mesh, materials, viewProj: cam.viewProj, eye: cam.eye, lighting },
    { width: size, height: size, samples: opts.antialias === false ? 1 : 4, region: cam.region },
  );
  const shadow = buildGroundShadow(mesh, lighting.key.direction);
  const rgba = compositeStudio({ width: size, height: size, object, shadow, viewProj: cam.viewProj, eye: cam.eye, background });
  return { width: size, height: size, rgba };
}

export interface FramedCamera {
  readonly viewProj: Mat4;
  readonly eye: Vec3;
  /** Pixel rectangle holding the whole object (plus a pixel of margin). */
  readonly region: { x: number; y: number; width: number; height: number };
}

/**
 * Looks at the object from (yaw, pitch) and scales/shifts the image so the
 * object's projected bounds fill `fill` of the frame, centred.
 */
export function frameCamera(mesh: Mesh, yawDeg: number, pitchDeg: number, fovDeg: number, size: number, fill: number): FramedCamera {
  const { min, max } = meshBounds(mesh);
  const centre: Vec3 = [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2];
  const radius = Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]) / 2;
  const dist = radius / Math.sin((fovDeg * Math.PI) / 360);
  const eye = add(centre, scale(direction(yawDeg, pitchDeg), dist));
  const view = lookAt(eye, centre);
  const proj = perspective(fovDeg, 1, Math.max(1, dist - radius * 1.2), dist + radius * 1.2);
  const base = multiply(proj, view);

  let x0 = Infinity,
    x1 = -Infinity,
    y0 = Infinity,
    y1 = -Infinity;
  const P = mesh.positions;
  for (let i = 0; i < P.length; i += 3) {
    const c = transformPoint4(base, [P[i]!, P[i + 1]!, P[i + 2]!]);
    const x = c[0] / c[3];
    const y = c[1] / c[3];
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  const zoom = (2 * fill) / Math.max(x1 - x0, y1 - y0);
  const adjust = ndcAdjust(zoom, (-zoom * (x0 + x1)) / 2, (-zoom * (y0 + y1)) / 2);
  const viewProj = multiply(adjust, base);
  const half = (size * zoom) / 2;
  const px0 = size / 2 + (x0 - (x0 + x1) / 2) * half;
  const px1 = size / 2 + (x1 - (x0 + x1) / 2) * half;
  const py0 = size / 2 - (y1 - (y0 + y1) / 2) * half;
  const py1 = size / 2 - (y0 - (y0 + y1) / 2) * half;
  const region = {
    x: Math.max(0, Math.floor(px0) - 1),
    y: Math.max(0, Math.floor(py0) - 1),
    width: Math.min(size, Math.ceil(px1) + 2) - Math.max(0, Math.floor(px0) - 1),
    height: Math.min(size, Math.ceil(py1) + 2) - Math.max(0, Math.floor(py0) - 1),
  };
  return { viewProj, eye, region };
}

/**
 * Studio lighting tied to the camera: a large key from the front-left and
 * above, a dimmer fill from the right, hemisphere ambient bounced off the
 * backdrop. Tuned so a face turned to the camera shows its print close to the
 * artwork's own colours.
 */
export function studioLighting(cameraYawDeg: number, background: Rgb, objectHeight: number): Lighting {
  const key = direction(cameraYawDeg - 50, 48);
  const fill = direction(cameraYawDeg + 75, 15);
  // Strips sit further round than the key so a flat front facing the camera
  // does not mirror them, while a cylinder catches them as vertical highlights.
  const strip = (yawDeg: number, intensity: number): StripLight => {
    const d = direction(yawDeg, 0);
    return { dirX: d[0], dirZ: d[2], intensity };
  };
  const bounce = (k: number): Rgb => [0.5 * k + 0.5 * k * background[0], 0.5 * k + 0.5 * k * background[1], 0.5 * k + 0.5 * k * background[2]];
  return {
    key: { direction: key, color: [1.0, 0.99, 0.97] },
    fill: { direction: fill, color: [0.3, 0.31, 0.33] },
    ambientSky: [0.42, 0.42, 0.43],
    ambientGround: bounce(0.22),
    envTop: [1.1, 1.1, 1.1],
    envBottom: bounce(0.3),
    strips: [strip(cameraYawDeg - 75, 1.6), strip(cameraYawDeg + 85, 0.9)],
    floorOcclusion: Math.max(1.5, objectHeight * 0.03),
  };
}

/** The material of each slot for these options; slots the shape does not use are simply never looked up. */
export function slotMaterials(opts: PackshotOptions, mesh: Mesh): (SurfaceMaterial | undefined)[] {
  const type = opts.material ?? defaultMaterial(opts.shape);
  const main = materialParams(type);
  const tex = opts.textures;
  const look = bodyLook(opts.shape);
  // Clear PET (a water bottle) behaves as glass does: the label is paper, the rest shows through.
  const isGlass = type === 'GLASS_GLOSSY' || type === 'GLASS_MATT' || (look?.opacity ?? 1) < 1;
  // A label on glass is paper, not glass.
  const label = isGlass ? materialParams('WHITE_BOARD') : main;
  const printFallback: Rgb = tex.front ? edgeColor(tex.front) : tex.wrap ? edgeColor(tex.wrap) : main.baseColor;
  const bodyColor = opts.bodyColor ? hexToLinear(opts.bodyColor) : look ? hexToLinear(look.color) : main.baseColor;
  const body: SurfaceMaterial = { ...main, baseColor: bodyColor, opacity: look?.opacity ?? main.opacity };
  const defaultCap = opts.shape.kind === 'tube' ? '#f4f4f2' : opts.shape.kind === 'cylinder' && opts.shape.variant === 'jar' ? '#d9d6cf' : '#222326';
  const cap = withBaseColor(materialParams('PLASTIC_GLOSSY'), hexToLinear(opts.capColor ?? defaultCap));
  const metalRim = materialParams('METAL_GLOSSY');

  const textured = (m: SurfaceMaterial, t: Texture | undefined, fallback: Rgb): SurfaceMaterial =>
    t ? { ...m, texture: prepareTexture(t) } : withBaseColor(m, fallback);

  const out: (SurfaceMaterial | undefined)[] = new Array<SurfaceMaterial | undefined>(SLOTS.length).fill(undefined);
  const set = (slot: Slot, m: SurfaceMaterial): void => {
    out[slotIndex(slot)] = m;
  };
  const faces: Readonly<Record<'front' | 'back' | 'left' | 'right' | 'top' | 'bottom', Texture | undefined>> = {
    front: tex.front,
    back: tex.back,
    left: tex.left ?? tex.side,
    right: tex.right ?? tex.side,
    top: tex.top,
    bottom: tex.bottom,
  };
  for (const [face, t] of Object.entries(faces) as [keyof typeof faces, Texture | undefined][]) {
    set(face, textured(main, t, face === 'front' ? main.baseColor : printFallback));
  }
  if (tex.wrap && isGlass) {
    // Where the wrap texture is transparent (between a front and a back label, above and
    // below a label band) the glass shows through; the printed parts stay paper.
    set('wrap', { ...label, baseColor: body.baseColor, opacity: body.opacity, texture: prepareTexture(tex.wrap) });
  } else if (tex.wrap || !tex.front) {
    set('wrap', textured(label, tex.wrap, main.baseColor));
  } else {
    set('wrap', frontOnWrap(label, tex.front, mesh));
  }
  set('body', body);
  set('cap', cap);
  const metalEnds = opts.shape.kind === 'cylinder' && (opts.shape.variant === 'can' || opts.shape.variant === 'tin');
  set('rim', metalEnds ? metalRim : body);
  const [ir, ig, ib] = main.baseColor;
  // The inside of an open box or bag is in its own shade; a cup's is lit almost as its wall.
  const inner = opts.shape.kind === 'box' ? 0.78 : 0.92;
  set('inner', withBaseColor(main, [ir * inner, ig * inner, ib * inner]));

  // Parts without print: their own plastics, rubber, metal and glass.
  const darker = (c: Rgb, k: number): Rgb => [c[0] * k, c[1] * k, c[2] * k];
  set('collar', flat('METAL_GLOSSY', '#c8c9cc'));
  set('bulb', flat('PLASTIC_MATT', '#1d1d1f', { roughness: 0.5, specular: 0.25 }));
  set('nozzle', cap);
  set('trigger', cap);
  set('capsule', flat('METAL_GLOSSY', '#6e1b27', { metallic: 0.55, roughness: 0.3 }));
  set('cork', flat('PLASTIC_MATT', '#6b4a2e', { roughness: 0.55, specular: 0.12 }));
  set('metal', metalRim);
  set('lid', flat('PLASTIC_GLOSSY', '#f3f3f1', { roughness: 0.3 }));
  set('straw', flat('PLASTIC_GLOSSY', '#de4f3c'));
  set('handle', flat('PLASTIC_MATT', '#232325', { roughness: 0.8, specular: 0.05 }));
  // Seals and zippers are printed film, pressed: the front's own print, a shade darker.
  set('seal', tex.front ? { ...main, texture: prepareTexture(tex.front), tint: 0.88 } : withBaseColor(main, darker(printFallback, 0.88)));
  set('zipper', tex.front ? { ...main, texture: prepareTexture(tex.front), tint: 0.94 } : withBaseColor(main, darker(printFallback, 0.94)));
  set('crimp', withBaseColor(label, darker(printFallback, 0.94)));
  set('glass', flat('GLASS_GLOSSY', CLEAR_GLASS.color, { opacity: CLEAR_GLASS.opacity }));
  set('hole', flat('PLASTIC_MATT', '#0d0d0e', { specular: 0, reflectance: 0 }));
  set('tape', flat('PLASTIC_GLOSSY', '#b0824c', { opacity: 0.82, roughness: 0.25, specular: 0.6 }));
  for (const [slot, m] of Object.entries(partLooks(opts.shape, printFallback, opts.capColor)) as [Slot, SurfaceMaterial][]) set(slot, m);
  return out;
}

/** A flat (unprinted) material of `type` in `color`, with some parameters changed. */
function flat(type: MaterialType, color: string, over: Partial<SurfaceMaterial> = {}): SurfaceMaterial {
  return { ...materialParams(type), baseColor: hexToLinear(color), ...over };
}

const CLEAR_GLASS = { color: '#9fb4ab', opacity: 0.26 } as const;

/** The glass or plastic of a kind of bottle: wine green, beer amber, clear PET… */
function bodyLook(shape: ShapeSpec): { color: string; opacity?: number } | undefined {
  if (shape.kind !== 'bottle') return undefined;
  switch (shape.style) {
    case 'wine':
      return { color: '#1f3d27', opacity: 0.9 };
    case 'beer':
      return { color: '#5c300b', opacity: 0.88 };
    case 'dropper':
      return { color: '#7a3d0e', opacity: 0.86 };
    case 'water':
      return { color: '#d4e7f2', opacity: 0.3 };
    // Clear flint glass: a grey-green edge is what tells glass from white plastic on a light backdrop.
    case 'spray':
      return CLEAR_GLASS;
    // A spirit's amber shows through its glass up to the shoulder; above it the glass is empty.
    case 'spirits':
      return { color: '#9a5a1e', opacity: 0.8 };
    case 'juice':
      return { color: '#f0a336', opacity: 0.9 };
    default:
      return undefined;
  }
}

/**
 * Closures, lids and fittings per kind of pack, over the defaults set in slotMaterials. A given
 * cap colour is the closure's moulding: every plastic part of it (a pump's head, nozzle and
 * collar; a sprayer's shroud and trigger; a cup's lid) takes it, while rubber, metal foil, cork,
 * clear domes and nozzle tips keep their own material.
 */
function partLooks(shape: ShapeSpec, print: Rgb, capColor: string | undefined): Partial<Record<Slot, SurfaceMaterial>> {
  const white = flat('PLASTIC_GLOSSY', '#f2f2f0', { roughness: 0.28, specular: 0.5 });
  const black = flat('PLASTIC_GLOSSY', '#232326', { roughness: 0.3, specular: 0.5 });
  const moulded = (fallback: SurfaceMaterial): SurfaceMaterial => (capColor ? { ...fallback, baseColor: hexToLinear(capColor) } : fallback);
  switch (shape.kind) {
    case 'bottle':
      switch (shape.style) {
        case 'beer':
          return { metal: flat('METAL_GLOSSY', '#c8a54e', { roughness: 0.25 }) };
        case 'water':
          return { cap: moulded(flat('PLASTIC_GLOSSY', '#2d6fb5', { roughness: 0.3 })), nozzle: white };
        case 'juice':
          return { cap: moulded(flat('PLASTIC_GLOSSY', '#e7792c', { roughness: 0.3 })) };
        case 'dropper':
          return { collar: moulded(flat('METAL_GLOSSY', '#cdb07a', { roughness: 0.22 })) };
        case 'pump':
          return { cap: moulded(black), nozzle: moulded(black), collar: moulded(black) };
        case 'spray':
          return { cap: moulded(white), trigger: moulded(white), collar: moulded(white), nozzle: black };
        case 'shampoo':
          return { cap: moulded(white), collar: flat('PLASTIC_MATT', '#8e8e8c') };
        default:
          return {};
      }
    case 'tube':
      return { collar: flat('PLASTIC_MATT', '#b9b9b5') };
    case 'cylinder':
      return shape.variant === 'stick' ? { collar: flat('PLASTIC_GLOSSY', '#d2d2ce') } : {};
    case 'cup':
      switch (shape.lid) {
        case 'hot':
          return { lid: moulded(black) };
        case 'dome':
          return { lid: flat('GLASS_GLOSSY', '#eef3f5', { opacity: 0.3 }) };
        case 'flat':
          return { lid: capColor ? flat('WHITE_BOARD', capColor) : withBaseColor(materialParams('WHITE_BOARD'), print) };
        case 'snap':
          return { lid: moulded(flat('PLASTIC_GLOSSY', '#f4f4f2', { opacity: 0.86, roughness: 0.3 })) };
        default:
          return {};
      }
    case 'box':
      // A rigid lid's wall is wrapped in the same printed paper: its edge is the print's colour, in shade.
      // The shadow line under a rigid lid's edge: the print, deep in shade.
      return { collar: black, lid: withBaseColor(materialParams('WHITE_BOARD'), [print[0] * 0.35, print[1] * 0.35, print[2] * 0.35]) };
    default:
      return {};
  }
}

const MAX_FRONT_ARC = (150 * Math.PI) / 180;

/**
 * A flat front panel on a round body: printed on the front arc at its own
 * proportions (arc length = panel width at the label's height), the rest of the
 * label in the panel's average colour.
 */
function frontOnWrap(label: SurfaceMaterial, front: Texture, mesh: Mesh): SurfaceMaterial {
  const extent = slotExtent(mesh, 'wrap');
  const fallback = withBaseColor(label, edgeColor(front));
  if (!extent || extent.radius <= 0 || extent.height <= 0) return fallback;
  const aspect = front.width / front.height;
  // Past ~150° the panel's edges would turn away from the camera: a wider
  // panel is printed smaller instead, centred on the label's height.
  const fullArc = (aspect * extent.height) / extent.radius;
  const arc = Math.min(MAX_FRONT_ARC, fullArc);
  const uScale = (2 * Math.PI) / arc;
  const vScale = fullArc / arc;
  return { ...fallback, texture: prepareTexture(front), uScale, uOffset: 0.5 - 0.5 * uScale, vScale, vOffset: 0.5 - 0.5 * vScale };
}
