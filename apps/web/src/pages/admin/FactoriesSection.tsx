import { useState, type FormEvent } from 'react';
import { FACTORY_PROCESSES, MATERIAL_TYPES, type Factory, type FactoryProcess, type MaterialType } from '@packsmith/contracts';
import { PROCESS_LABELS } from '../../features/factories/labels';
import { useAdminFactories, useCreateFactory, useDeleteFactory, useUpdateFactory } from './admin-queries';
import { FormNote, ListState, Table, td } from './admin-ui';

/** The form's text fields; numbers stay text until sent so a half-typed value is not rewritten. */
interface Draft {
  name: string;
  city: string;
  country: string;
  country_code: string;
  lat: string;
  lng: string;
  processes: FactoryProcess[];
  materials: MaterialType[];
  moq_min: string;
  moq_max: string;
  lead_time_days_min: string;
  lead_time_days_max: string;
  certifications: string;
  contact_email: string;
  phone: string;
  website: string;
  description: string;
}

const EMPTY: Draft = {
  name: '',
  city: '',
  country: '',
  country_code: '',
  lat: '',
  lng: '',
  processes: [],
  materials: [],
  moq_min: '500',
  moq_max: '100000',
  lead_time_days_min: '10',
  lead_time_days_max: '25',
  certifications: '',
  contact_email: '',
  phone: '',
  website: '',
  description: '',
};

function draftOf(f: Factory): Draft {
  return {
    ...f,
    lat: String(f.lat),
    lng: String(f.lng),
    moq_min: String(f.moq_min),
    moq_max: String(f.moq_max),
    lead_time_days_min: String(f.lead_time_days_min),
    lead_time_days_max: String(f.lead_time_days_max),
    certifications: f.certifications.join(', '),
  };
}

function toInput(d: Draft) {
  return {
    name: d.name.trim(),
    city: d.city.trim(),
    country: d.country.trim(),
    country_code: d.country_code.trim(),
    lat: Number(d.lat),
    lng: Number(d.lng),
    processes: d.processes,
    materials: d.materials,
    moq_min: Number(d.moq_min),
    moq_max: Number(d.moq_max),
    lead_time_days_min: Number(d.lead_time_days_min),
    lead_time_days_max: Number(d.lead_time_days_max),
    certifications: d.certifications
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
    contact_email: d.contact_email.trim(),
    phone: d.phone.trim(),
    website: d.website.trim(),
    description: d.description.trim(),
  };
}

const FORM_ID = 'admin-factory-form';

type TextKey = Exclude<keyof Draft, 'processes' | 'materials'>;

const TEXT_FIELDS: { key: TextKey; label: string; type?: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'city', label: 'City' },
  { key: 'country', label: 'Country' },
  { key: 'country_code', label: 'Country code (2 letters)' },
  { key: 'lat', label: 'Latitude', type: 'number' },
  { key: 'lng', label: 'Longitude', type: 'number' },
  { key: 'moq_min', label: 'MOQ from', type: 'number' },
  { key: 'moq_max', label: 'MOQ up to', type: 'number' },
  { key: 'lead_time_days_min', label: 'Lead time from (days)', type: 'number' },
  { key: 'lead_time_days_max', label: 'Lead time up to (days)', type: 'number' },
  { key: 'certifications', label: 'Certifications (comma-separated)' },
  { key: 'contact_email', label: 'Contact email', type: 'email' },
  { key: 'phone', label: 'Phone' },
  { key: 'website', label: 'Website' },
];

function FactoryForm({ editing, onDone }: { editing: Factory | null; onDone(): void }) {
  const create = useCreateFactory();
  const update = useUpdateFactory();
  const [draft, setDraft] = useState<Draft>(editing ? draftOf(editing) : EMPTY);
  const [done, setDone] = useState<string | null>(null);
  const change = editing ? update : create;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const toggle = <T extends string>(list: T[], v: T): T[] => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    const onSuccess = (f: Factory) => {
      setDone(editing ? `${f.name} saved.` : `${f.name} added.`);
      if (!editing) setDraft(EMPTY);
      else onDone();
    };
    if (editing) update.mutate({ id: editing.id, ...toInput(draft) }, { onSuccess });
    else create.mutate(toInput(draft), { onSuccess });
  };

  return (
    <form id={FORM_ID} aria-label={editing ? `Edit ${editing.name}` : 'Add a factory'} className="card space-y-4 p-4 sm:p-6" onSubmit={submit}>
      <h2 className="text-lg font-semibold text-slate-900">{editing ? `Edit ${editing.name}` : 'Add a factory'}</h2>
      {editing?.sample && <p className="text-sm text-amber-700">This is a sample entry: saving it makes it a real listing (the Sample data badge goes).</p>}
      <div className="grid gap-3 sm:grid-cols-2">
        {TEXT_FIELDS.map((f) => (
          <label key={f.key} className="min-w-0">
            <span className="field-label">{f.label}</span>
            <input
              className="field-input"
              type={f.type ?? 'text'}
              step={f.type === 'number' ? 'any' : undefined}
              value={draft[f.key]}
              onChange={(e) => set(f.key, e.target.value)}
            />
          </label>
        ))}
      </div>
      <fieldset>
        <legend className="field-label">Processes</legend>
        <div className="flex flex-wrap gap-2">
          {FACTORY_PROCESSES.map((p) => (
            <label key={p} className={`chip cursor-pointer ${draft.processes.includes(p) ? 'chip-active' : ''}`}>
              <input type="checkbox" className="sr-only" checked={draft.processes.includes(p)} onChange={() => set('processes', toggle(draft.processes, p))} />
              {PROCESS_LABELS[p]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="field-label">Materials</legend>
        <div className="flex flex-wrap gap-2">
          {MATERIAL_TYPES.map((m) => (
            <label key={m.id} className={`chip cursor-pointer ${draft.materials.includes(m.id) ? 'chip-active' : ''}`}>
              <input
                type="checkbox"
                className="sr-only"
                checked={draft.materials.includes(m.id)}
                onChange={() => set('materials', toggle(draft.materials, m.id))}
              />
              {m.name}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="block">
        <span className="field-label">Description</span>
        <textarea className="field-input min-h-20" value={draft.description} onChange={(e) => set('description', e.target.value)} />
      </label>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary h-10 px-5" disabled={change.isPending}>
          {editing ? 'Save factory' : 'Add factory'}
        </button>
        {editing && (
          <button type="button" className="btn-secondary h-10 px-4" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
      <FormNote error={change.error} done={done} />
    </form>
  );
}

/** The factory directory: add, edit (a sample entry becomes a real one) and remove. */
export function FactoriesSection() {
  const factories = useAdminFactories();
  const remove = useDeleteFactory();
  const [editing, setEditing] = useState<Factory | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const list = factories.data?.list ?? [];
  const samples = list.filter((f) => f.sample).length;
  return (
    <section aria-label="Factories" className="space-y-8">
      <FactoryForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Factories</h2>
        <p className="mt-1 text-sm text-slate-500">
          {list.length} in all, {samples} sample {samples === 1 ? 'entry' : 'entries'}.
        </p>
        <div className="mt-3">
          <ListState
            loading={factories.isPending}
            error={factories.error}
            empty={list.length === 0}
            emptyText="No factories yet."
            onRetry={() => void factories.refetch()}
          >
            <Table caption="Factories" head={['Name', 'City', 'Processes', 'MOQ', 'Data', '']}>
              {list.map((f) => (
                <tr key={f.id}>
                  <td className={td}>{f.name}</td>
                  <td className={td}>
                    {f.city}, {f.country_code}
                  </td>
                  <td className={`${td} text-xs`}>{f.processes.map((p) => PROCESS_LABELS[p]).join(', ')}</td>
                  <td className={`${td} tabular-nums`}>
                    {f.moq_min.toLocaleString('en-US')}–{f.moq_max.toLocaleString('en-US')}
                  </td>
                  <td className={td}>{f.sample ? 'Sample' : 'Real'}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    <button
                      type="button"
                      className="btn-secondary h-8 px-3 text-xs"
                      onClick={() => {
                        setEditing(f);
                        document.getElementById(FORM_ID)?.scrollIntoView?.({ behavior: 'smooth' });
                      }}
                    >
                      Edit
                    </button>{' '}
                    {confirming === f.id ? (
                      <>
                        <button
                          type="button"
                          className="btn-primary h-8 bg-rose-600 px-3 text-xs"
                          disabled={remove.isPending}
                          onClick={() => remove.mutate({ id: f.id }, { onSuccess: () => setConfirming(null) })}
                        >
                          Delete {f.name}?
                        </button>{' '}
                        <button type="button" className="btn-secondary h-8 px-3 text-xs" onClick={() => setConfirming(null)}>
                          Keep
                        </button>
                      </>
                    ) : (
                      <button type="button" className="btn-secondary h-8 px-3 text-xs" onClick={() => setConfirming(f.id)}>
                        Delete
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </Table>
          </ListState>
          <FormNote error={remove.error} />
        </div>
      </div>
    </section>
  );
}
