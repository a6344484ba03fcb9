import type { ShootStoreApi } from '../photoshoot.store';
import { commit, historyOf, initialBox, redo, refitBox, sameBox, toPlacement, undo, type Back, type Box, type Size } from '../placement';

/** The product's place on the scene: an undo history of finished gestures, written out as SPEC §3 placement. */
export interface ShootPlacement {
  /**
   * The canvas knows the scene and the cut-out: the placement starts centred on the floor line, or
   * carries over from the scene before (same relative place), or stays as it is.
   */
  beginPlacement(sceneUrl: string, back: Back, cutout: Size, floorY: number): void;
  commitPlacement(box: Box): void;
  undoPlacement(): void;
  redoPlacement(): void;
  /** Back to standing centred on the floor line (undoable). */
  resetPlacement(floorY: number): void;
}

export function createShootPlacement(store: ShootStoreApi): ShootPlacement {
  const shoot = () => store.getState();

  function writePlacement(): void {
    const edit = shoot().placementEdit;
    if (edit) shoot().setPlacement(toPlacement(edit.history.present, edit.cutout, edit.back));
  }

  function beginPlacement(sceneUrl: string, back: Back, cutout: Size, floorY: number): void {
    const edit = shoot().placementEdit;
    const aspect = (sz: Size) => sz.width / sz.height;
    const sameCutout = edit !== null && Math.abs(aspect(edit.cutout) / aspect(cutout) - 1) < 0.01;
    if (edit && sameCutout && edit.sceneUrl === sceneUrl && edit.back.backW === back.backW && edit.back.backH === back.backH) {
      if (edit.cutout.width !== cutout.width || edit.cutout.height !== cutout.height) shoot().patch({ placementEdit: { ...edit, cutout } });
    } else if (edit && sameCutout) {
      shoot().patch({ placementEdit: { sceneUrl, back, cutout, history: historyOf(refitBox(edit.history.present, edit.back, back)) } });
    } else {
      shoot().patch({ placementEdit: { sceneUrl, back, cutout, history: historyOf(initialBox(back, cutout, floorY)) } });
    }
    writePlacement();
  }

  function commitPlacement(box: Box): void {
    const edit = shoot().placementEdit;
    if (!edit) return;
    shoot().patch({ placementEdit: { ...edit, history: commit(edit.history, box, sameBox) } });
    writePlacement();
  }

  function undoPlacement(): void {
    const edit = shoot().placementEdit;
    if (!edit) return;
    shoot().patch({ placementEdit: { ...edit, history: undo(edit.history) } });
    writePlacement();
  }

  function redoPlacement(): void {
    const edit = shoot().placementEdit;
    if (!edit) return;
    shoot().patch({ placementEdit: { ...edit, history: redo(edit.history) } });
    writePlacement();
  }

  function resetPlacement(floorY: number): void {
    const edit = shoot().placementEdit;
    if (edit) commitPlacement(initialBox(edit.back, edit.cutout, floorY));
  }

  return { beginPlacement, commitPlacement, undoPlacement, redoPlacement, resetPlacement };
}
