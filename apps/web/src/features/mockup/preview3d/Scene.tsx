import type { MaterialType } from '@packsmith/contracts';
import type { PreviewModel } from '@packsmith/design-engine/preview3d';
import { AdaptiveDpr, OrbitControls } from '@react-three/drei';
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useMemo, useRef, type ComponentRef, type RefObject } from 'react';
import { Box3, DataTexture, LinearFilter, Spherical, Vector3, type PerspectiveCamera } from 'three';
import { footprintShadow } from './floor-shadow';
import type { PrintAssignment } from './assign';
import { packMaterials, type Reliefs } from './pack-materials';
import { FoldedPack, MeshPack, type Motion } from './Pack';
import { reliefTexture } from './print-material';
import { fibreRelief, fluteRelief } from './relief';
import type { FaceTextures } from './use-face-textures';
import { approach, defaultDirection, fitDistance, FOLD_SECONDS, OPEN_SECONDS, orbitLimits, orbitPosition, type ViewCommand, type ViewKind } from './view';

/** What the controls outside the canvas can ask of the scene. */
export interface SceneApi {
  command(c: ViewCommand): void;
  /** A PNG of the current view, or null when the canvas cannot give one. */
  snapshot(): Promise<Blob | null>;
}

export interface SceneProps {
  readonly model: PreviewModel;
  readonly assignments: readonly PrintAssignment[];
  readonly material: MaterialType;
  readonly background: string;
  /** 0 closed … 1 open (tuck ends, mailers, slotted and lid-and-base boxes). */
  readonly open: number;
  /** Jump to `open` (slider) rather than animate to it (button). */
  readonly openImmediate: boolean;
  readonly reducedMotion: boolean;
  readonly api: RefObject<SceneApi | null>;
  /** The face images, loaded by the preview while the renderer starts. */
  readonly textures: FaceTextures;
  /** Called once the first frame with every face image has been drawn. */
  readonly onReady: () => void;
}

const SHADOW_MARGIN = 0.28;

/** A soft shadow on the floor under the pack's footprint (floor-shadow.ts). */
function FloorShadow({ width, depth }: { width: number; depth: number }) {
  const texture = useMemo(() => {
    const t = new DataTexture(footprintShadow(64, SHADOW_MARGIN), 64, 64);
    t.magFilter = LinearFilter;
    t.minFilter = LinearFilter;
    t.needsUpdate = true;
    return t;
  }, []);
  useEffect(() => () => texture.dispose(), [texture]);
  const k = 1 + 2 * SHADOW_MARGIN;
  return (
    <mesh rotation-x={-Math.PI / 2} position={[0, 0.1, 0]} scale={[width * k, depth * k, 1]} renderOrder={-1}>
      <planeGeometry args={[1, 1]} />
      <meshBasicMaterial map={texture} transparent depthWrite={false} color="#1f2430" toneMapped={false} />
    </mesh>
  );
}

function useReliefs(): Reliefs {
  const reliefs = useMemo<Reliefs>(() => {
    const fibre = fibreRelief();
    const flute = fluteRelief();
    // Sheet uv runs per 100 mm: fibres tile every 25 mm, flutes every 4 mm (4 per tile).
    return {
      fibreSheet: reliefTexture(fibre, 1, 4),
      fluteSheet: reliefTexture(flute, 1, 6),
      fibreMesh: reliefTexture(fibre, 0, 6),
      fluteMesh: reliefTexture(flute, 0, 10),
    };
  }, []);
  useEffect(
    () => () => {
      for (const t of [reliefs.fibreSheet, reliefs.fluteSheet, reliefs.fibreMesh, reliefs.fluteMesh]) t.dispose();
    },
    [reliefs],
  );
  return reliefs;
}

const centre = new Vector3();
const box = new Box3();

export function Scene(props: SceneProps) {
  const { model, assignments, material, background, open, openImmediate, reducedMotion, api, textures, onReady } = props;
  const gl = useThree((s) => s.gl);
  const scene = useThree((s) => s.scene);
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const invalidate = useThree((s) => s.invalidate);
  const getState = useThree((s) => s.get);
  const aspect = useThree((s) => s.size.width / Math.max(1, s.size.height));
  const controls = useRef<ComponentRef<typeof OrbitControls>>(null);

  const anisotropy = useMemo(() => Math.min(8, gl.capabilities.getMaxAnisotropy()), [gl]);

  const reliefs = useReliefs();
  const materials = useMemo(() => {
    for (const t of textures.textures.values()) t.anisotropy = anisotropy;
    return packMaterials(model, assignments, textures.textures, material, background, reliefs);
  }, [model, assignments, textures.textures, material, background, reliefs, anisotropy]);
  useEffect(() => () => materials.dispose(), [materials]);

  const lieFlat = model.kind === 'folded' && model.lieFlat;
  const size = model.size;
  const shown = useMemo(() => {
    // Display space: a lid-first box lies with its depth up.
    if (lieFlat) return { width: size.width, height: size.depth, depth: size.height };
    return size;
  }, [lieFlat, size]);
  const viewKind: ViewKind =
    model.kind === 'folded' ? (lieFlat ? 'lying-box' : 'box') : model.looks.wrap ? 'round' : model.looks.left || model.looks.right ? 'box' : 'flat';
  const fit = fitDistance(shown, aspect);
  const limits = orbitLimits(fit);
  const home = useMemo(() => {
    const target: [number, number, number] = [0, shown.height / 2, 0];
    const dir = defaultDirection(viewKind);
    return { target, position: orbitPosition(target, dir.yawDeg, dir.pitchDeg, fit) };
  }, [shown.height, viewKind, fit]);

  // Fold from the flat sheet on first show (reduced motion: shown closed at once).
  const motion = useRef<Motion>({ t: reducedMotion ? 1 : 0, open: 0 });
  const userMoved = useRef(false);
  const reported = useRef(false);
  const homeRef = useRef(home);
  useLayoutEffect(() => {
    homeRef.current = home;
  }, [home]);

  useLayoutEffect(() => {
    motion.current = { t: reducedMotion || model.kind !== 'folded' ? 1 : 0, open: 0 };
    userMoved.current = false;
    reported.current = false;
  }, [model, reducedMotion]);

  useLayoutEffect(() => {
    camera.near = Math.max(0.5, fit / 100);
    camera.far = fit * 30;
    camera.updateProjectionMatrix();
  }, [camera, fit]);

  // Only on a new model: material or canvas size changes keep the view the user chose.
  useLayoutEffect(() => {
    const h = homeRef.current;
    camera.position.set(...h.position);
    controls.current?.target.set(...h.target);
    controls.current?.update();
    invalidate();
  }, [model, camera, invalidate]);

  useEffect(() => invalidate(), [open, materials, invalidate]);

  useFrame((_, delta) => {
    const m = motion.current;
    const dt = Math.min(delta, 0.1);
    let moving = false;
    // The fold starts once the faces are on: a plain sheet folding would show nothing of the design.
    if (m.t < 1 && textures.status === 'ready') {
      m.t = approach(m.t, 1, dt, FOLD_SECONDS, reducedMotion);
      moving = true;
    }
    // While the sheet is flat or folding, keep it framed (until the user takes the camera).
    if ((m.t < 1 || moving) && model.kind === 'folded' && !userMoved.current && controls.current) followFold(m.t);
    const targetOpen = model.kind === 'folded' && model.openable ? open : 0;
    if (m.open !== targetOpen) {
      m.open = approach(m.open, targetOpen, dt, OPEN_SECONDS, reducedMotion || openImmediate);
      moving = true;
    }
    if (moving) invalidate();
    if (!reported.current && textures.status === 'ready') {
      reported.current = true;
      // This frame renders right after this callback: report on the next one.
      requestAnimationFrame(() => onReady());
    }
  });

  function followFold(t: number) {
    const c = controls.current;
    if (!c) return;
    // Frame what is on screen now: the pack's bounding sphere at this stage of the fold.
    scene.updateMatrixWorld();
    box.makeEmpty();
    scene.traverse((o) => {
      if (o.userData.pack === true) box.expandByObject(o);
    });
    if (box.isEmpty()) return;
    box.getCenter(centre);
    const s = new Vector3();
    box.getSize(s);
    const d = Math.max(fitDistance({ width: s.x, height: s.y, depth: s.z }, aspect), fit);
    const to = t >= 1 ? new Vector3(...homeRef.current.target) : centre;
    const offset = new Spherical().setFromVector3(camera.position.clone().sub(c.target));
    offset.radius = t >= 1 ? fit : d;
    c.target.copy(to);
    camera.position.copy(to).add(new Vector3().setFromSpherical(offset));
    c.update();
  }

  useLayoutEffect(() => {
    api.current = {
      command(cmd) {
        const c = controls.current;
        if (!c) return;
        userMoved.current = true;
        if (cmd.kind === 'reset') {
          c.target.set(...home.target);
          camera.position.set(...home.position);
        } else {
          const offset = camera.position.clone().sub(c.target);
          const sph = new Spherical().setFromVector3(offset);
          if (cmd.kind === 'rotate') {
            sph.theta += (cmd.yawDeg * Math.PI) / 180;
            sph.phi = Math.min(limits.maxPolar, Math.max(limits.minPolar, sph.phi - (cmd.pitchDeg * Math.PI) / 180));
          } else {
            sph.radius = Math.min(limits.maxDistance, Math.max(limits.minDistance, sph.radius * cmd.factor));
          }
          camera.position.copy(c.target).add(new Vector3().setFromSpherical(sph));
        }
        c.update();
        invalidate();
      },
      snapshot() {
        // Full resolution, even if the view is still turning (AdaptiveDpr halves it then).
        const full = getState().viewport.initialDpr;
        if (gl.getPixelRatio() !== full) gl.setPixelRatio(full);
        // Draw the current view now: with preserveDrawingBuffer the canvas keeps it for toBlob.
        gl.render(scene, camera);
        return new Promise((resolve) => gl.domElement.toBlob((b) => resolve(b), 'image/png'));
      },
    };
  });

  return (
    <>
      <color attach="background" args={['#eef0f3']} />
      <ambientLight intensity={0.15} />
      <directionalLight position={[fit * 0.4, fit * 0.9, fit * 0.6]} intensity={1.4} />
      <directionalLight position={[-fit * 0.6, fit * 0.3, fit * 0.2]} intensity={0.35} />
      <group userData={{ pack: true }}>
        {model.kind === 'folded' ? <FoldedPack model={model} materials={materials} motion={motion} /> : <MeshPack model={model} materials={materials} />}
      </group>
      <FloorShadow width={shown.width} depth={shown.depth} />
      {/* While the view turns it draws at half resolution, sharp again once it stops (Canvas performance.min). */}
      <AdaptiveDpr />
      <OrbitControls
        ref={controls}
        makeDefault
        regress
        enableDamping
        dampingFactor={0.12}
        minDistance={limits.minDistance}
        maxDistance={limits.maxDistance}
        minPolarAngle={limits.minPolar}
        maxPolarAngle={limits.maxPolar}
        onStart={() => {
          userMoved.current = true;
        }}
      />
    </>
  );
}
