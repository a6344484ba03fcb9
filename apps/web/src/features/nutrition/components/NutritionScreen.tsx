import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useStore } from 'zustand';
import { ApiError } from '../../../api/error-catalogue';
import { useUiStore } from '../../../stores/ui.store';
import { labelKey, labelsKey, loadLabel, saveLabel } from '../nutrition-api';
import { errorField, errorTarget, fieldId, formFromInput, toLabelInput, type NutritionForm, type NutritionMode } from '../nutrition-form';
import { NutritionContext, type FieldError } from '../nutrition-context';
import { createNutritionStore } from '../nutrition.store';
import { useLiveLabel } from '../use-live-label';
import { ExportButtons } from './ExportButtons';
import { LabelPreview } from './LabelPreview';
import { MyLabels } from './MyLabels';
import { NutrientsSection } from './NutrientsSection';
import { RecipeSection } from './RecipeSection';
import { SetupSection } from './SetupSection';

/** The name a label is saved under when a download saves it before it was named. */
const DEFAULT_NAME = 'Nutrition label';

const MODES: readonly { value: NutritionMode; label: string }[] = [
  { value: 'nutrients', label: 'Enter nutrients' },
  { value: 'recipe', label: 'From a recipe' },
];

/** Whether the input showing `field` holds nothing yet. */
function isEmptyField(form: NutritionForm, field: string): boolean {
  const [group, key] = field.split('.');
  if (group === 'serving' && key) return (form.serving as Record<string, string>)[key]?.trim() === '';
  if (group === 'nutrients' && key) return (form.nutrients[key] ?? '').trim() === '';
  return false;
}

/** Moves focus to the input that shows `field` once it is on screen. */
function focusField(field: string): void {
  setTimeout(() => {
    const el = document.getElementById(fieldId(field));
    el?.closest('details')?.setAttribute('open', '');
    el?.focus();
  }, 0);
}

/**
 * /tools/nutrition-label-generator: the form on the left, the live label on the right (below the
 * form on a phone, with a "Preview" jump button), saving, "My labels" and the downloads.
 * `?project_id=` reopens a saved label.
 */
export function NutritionScreen() {
  const [store] = useState(() => createNutritionStore());
  const form = useStore(store, (s) => s.form);
  const name = useStore(store, (s) => s.name);
  const projectId = useStore(store, (s) => s.projectId);
  const [search, setSearch] = useSearchParams();
  const urlProject = search.get('project_id');
  const client = useQueryClient();
  const ui = useUiStore();

  const saved = useQuery({
    queryKey: labelKey(urlProject ?? ''),
    queryFn: () => loadLabel(urlProject ?? ''),
    enabled: urlProject !== null && urlProject !== projectId,
  });
  useEffect(() => {
    if (saved.data) store.getState().loaded(saved.data.project_id, saved.data.name, formFromInput(saved.data.input));
  }, [saved.data, store]);

  const input = useMemo(() => toLabelInput(form), [form]);
  const live = useLiveLabel(input);
  const [saveError, setSaveError] = useState<FieldError | null>(null);
  const [saving, setSaving] = useState(false);
  // An explicit action's error stands until the form changes.
  const inputKey = JSON.stringify(input);
  const lastKey = useRef(inputKey);
  useEffect(() => {
    if (lastKey.current !== inputKey) setSaveError(null);
    lastKey.current = inputKey;
  }, [inputKey]);

  // A live error about a field still empty (the serving of a new US label) is the next step, not a mistake.
  const liveTarget = live.error?.field ? errorTarget(live.error.field) : null;
  const nextStep = live.error && liveTarget && isEmptyField(form, liveTarget) ? live.error.message.replace(/^[\w.]+:\s*/, '') : null;
  const liveError: FieldError | null = live.error && liveTarget && !nextStep ? { field: liveTarget, message: live.error.message } : null;
  const fieldError = saveError ?? liveError;

  /** Saves the label as shown; answers its project, or null (the error is on the field it names and focused). */
  const save = async (fallbackName?: string): Promise<string | null> => {
    setSaving(true);
    setSaveError(null);
    try {
      const labelName = name.trim() || fallbackName || '';
      const r = await saveLabel(projectId, labelName, toLabelInput(store.getState().form));
      store.getState().loaded(r.project_id, r.name);
      client.setQueryData(labelKey(r.project_id), undefined);
      void client.invalidateQueries({ queryKey: labelsKey });
      if (urlProject !== r.project_id) {
        const next = new URLSearchParams(search);
        next.set('project_id', r.project_id);
        setSearch(next, { replace: true });
      }
      return r.project_id;
    } catch (e) {
      const message = e instanceof ApiError ? e.message : 'The label could not be saved.';
      const field = e instanceof ApiError && e.code === 400 ? errorField(message) : null;
      if (field) {
        const target = errorTarget(field);
        setSaveError({ field: target, message });
        focusField(target);
      } else {
        ui.showMessage(message);
      }
      return null;
    } finally {
      setSaving(false);
    }
  };

  const onSave = async () => {
    if (await save()) ui.showMessage('Label saved.', 'success');
  };

  if (urlProject && urlProject !== projectId && saved.isPending) {
    return (
      <p className="mt-6 text-sm text-slate-500" role="status">
        Opening your label…
      </p>
    );
  }
  if (urlProject && urlProject !== projectId && saved.isError) {
    return (
      <div className="mt-6 rounded-xl border border-rose-200 bg-rose-50 p-4 text-sm text-rose-700" role="alert">
        This label could not be opened.{' '}
        <button type="button" className="underline" onClick={() => void saved.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  return (
    <NutritionContext.Provider value={{ store, fieldError }}>
      <div className="grid gap-6 pb-24 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start lg:pb-10">
        <div className="grid min-w-0 gap-6">
          <SetupSection label={live.label} />
          <section aria-labelledby="nf-content-heading" className="card p-5 sm:p-6">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="nf-content-heading" className="text-base font-semibold text-slate-900">
                Nutrients
              </h2>
              <div role="group" aria-label="How to give the nutrients" className="flex rounded-lg border border-slate-300 p-0.5">
                {MODES.map((m) => (
                  <button
                    key={m.value}
                    type="button"
                    aria-pressed={form.mode === m.value}
                    className={`rounded-md px-3 py-1.5 text-sm font-medium ${form.mode === m.value ? 'bg-violet-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
                    onClick={() => store.getState().setMode(m.value)}
                  >
                    {m.label}
                  </button>
                ))}
              </div>
            </div>
            <div className="mt-4">{form.mode === 'nutrients' ? <NutrientsSection /> : <RecipeSection label={live.label} />}</div>
          </section>
          <section aria-labelledby="nf-save-heading" className="card p-5">
            <h2 id="nf-save-heading" className="text-base font-semibold text-slate-900">
              Save
            </h2>
            <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
              <div className="min-w-0 flex-1">
                <label htmlFor={fieldId('name')} className="field-label">
                  Label name
                </label>
                <input
                  id={fieldId('name')}
                  type="text"
                  className="field-input"
                  placeholder="e.g. Oat cookies 55 g"
                  value={name}
                  aria-invalid={fieldError?.field === 'name' ? true : undefined}
                  onChange={(e) => store.getState().setName(e.target.value)}
                />
                {fieldError?.field === 'name' && <p className="field-error">{fieldError.message}</p>}
              </div>
              <button type="button" className="btn-primary h-11 px-5" disabled={saving} onClick={() => void onSave()}>
                {saving ? 'Saving…' : projectId ? 'Save changes' : 'Save label'}
              </button>
            </div>
            {projectId && <p className="mt-2 text-xs text-slate-500">Saved in your projects.</p>}
          </section>
          <MyLabels currentId={projectId} />
        </div>
        <div className="row-start-2 grid min-w-0 gap-6 lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1">
          <LabelPreview live={live} nextStep={nextStep} onPickFormat={(f) => store.getState().setFormat(f)} />
          <ExportButtons ensureSaved={() => save(DEFAULT_NAME)} disabled={saving} />
        </div>
      </div>
      <button
        type="button"
        className="btn-primary fixed bottom-4 right-4 z-30 h-11 px-5 shadow-lg lg:hidden"
        onClick={() => {
          const el = document.getElementById('label-preview');
          el?.scrollIntoView({ behavior: 'smooth', block: 'start' });
          document.getElementById('nf-preview-heading')?.focus();
        }}
      >
        Preview
      </button>
    </NutritionContext.Provider>
  );
}
