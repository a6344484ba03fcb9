import { posePanels, type FoldedModel, type MeshModel } from '@packsmith/design-engine/preview3d';
import { useFrame } from '@react-three/fiber';
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { Matrix4, type Group } from 'three';
import { meshGeometry, panelGeometry } from './geometry';
import type { PackMaterials } from './pack-materials';

/** Fold progress and opening the scene animates; read every frame. */
export interface Motion {
  t: number;
  open: number;
}

const scratch = new Matrix4();

/**
 * A carton folded from its dieline: two surfaces per panel (the printed outside, the plain
 * inside of the board), moved each frame by the fold model's pose at the current fold and
 * opening. Matrices are written directly: nothing else moves these objects.
 */
export function FoldedPack({ model, materials, motion }: { model: FoldedModel; materials: PackMaterials; motion: RefObject<Motion> }) {
  const geometries = useMemo(() => model.panels.map((p) => ({ id: p.id, geometry: panelGeometry(p), back: panelGeometry(p, true) })), [model]);
  useEffect(
    () => () =>
      geometries.forEach((g) => {
        g.geometry.dispose();
        g.back.dispose();
      }),
    [geometries],
  );
  const groups = useRef<(Group | null)[]>([]);
  const last = useRef<{ t: number; open: number; model: FoldedModel | null }>({ t: -1, open: -1, model: null });

  useFrame(() => {
    const { t, open } = motion.current;
    const prev = last.current;
    if (prev.model === model && prev.t === t && prev.open === open) return;
    const pose = posePanels(model, { t, open });
    model.panels.forEach((p, i) => {
      const g = groups.current[i];
      const m = pose.get(p.id);
      if (!g || !m) return;
      scratch.fromArray(m);
      g.matrix.copy(scratch);
      g.matrixWorldNeedsUpdate = true;
    });
    last.current = { t, open, model };
  });

  return (
    <group>
      {geometries.map(({ id, geometry, back }, i) => (
        <group
          key={id}
          matrixAutoUpdate={false}
          ref={(g) => {
            groups.current[i] = g;
          }}
        >
          <mesh geometry={geometry} material={materials.byPart.get(id)} />
          {materials.inside ? <mesh geometry={back} material={materials.inside} /> : null}
        </group>
      ))}
    </group>
  );
}

/** Any other pack: the render3d mesh, one material per slot. */
export function MeshPack({ model, materials }: { model: MeshModel; materials: PackMaterials }) {
  const { geometry, slots } = useMemo(() => meshGeometry(model), [model]);
  useEffect(() => () => geometry.dispose(), [geometry]);
  const list = useMemo(() => slots.map((s) => materials.byPart.get(s)!), [slots, materials]);
  return <mesh geometry={geometry} material={list} />;
}
