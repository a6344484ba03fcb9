import { useId } from 'react';
import { MATERIAL_TYPES, MaterialTypeSchema, materialInfo, type MaterialType } from '@packsmith/contracts';
import { useMockupController, useStudioState } from '../mockup-context';

const OWN = '';

/** The print material (SPEC §3, nine types): the template's own unless another is chosen (an undo step). */
export function MaterialSelect({ templateMaterial }: { templateMaterial: MaterialType }) {
  const ctl = useMockupController();
  const material = useStudioState((s) => s.edit.material);
  const id = useId();
  const hintId = useId();
  const shown = material ?? templateMaterial;
  const info = materialInfo(shown);
  return (
    <div>
      <label htmlFor={id} className="field-label">
        Material
      </label>
      <select
        id={id}
        value={material ?? OWN}
        aria-describedby={hintId}
        onChange={(e) => {
          const parsed = MaterialTypeSchema.safeParse(e.target.value);
          ctl.setMaterial(parsed.success ? parsed.data : null);
        }}
        className="field-input h-10 text-sm"
        data-testid="material-select"
      >
        <option value={OWN}>As photographed ({materialInfo(templateMaterial).name})</option>
        {MATERIAL_TYPES.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </select>
      <p id={hintId} className="mt-1 text-xs text-slate-500">
        {info.finish === 'glossy'
          ? 'Glossy: the highlights stay bright over your design.'
          : info.base === 'paperboard' && info.id === 'KRAFT'
            ? 'Kraft: light inks let the brown fibres show through.'
            : info.base === 'corrugated'
              ? 'Corrugated board: light inks show the board through.'
              : info.base === 'metal'
                ? 'Metal: bare metal shows where the design is transparent.'
                : info.base === 'glass'
                  ? 'Glass: transparent parts of the design show the glass.'
                  : 'Matt: soft light, no glare.'}
      </p>
    </div>
  );
}
