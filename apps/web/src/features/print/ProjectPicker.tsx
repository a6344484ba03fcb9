import { useState } from 'react';
import { AppLink } from '../../components/AppLink';
import { errorText } from '../factories/labels';
import { useDesignProjects, useProject } from './print-queries';

/** The design's images, newest round first, without repeats. */
function imagesOf(resultList: string[][]): string[] {
  return [...new Set([...resultList].reverse().flat())].filter((u) => u.trim() !== '');
}

function ProjectImages({ projectId, onPick }: { projectId: string; onPick(projectId: string, imageUrl: string): void }) {
  const project = useProject(projectId);
  if (project.isPending) return <p className="text-sm text-slate-500">Loading the design…</p>;
  if (project.isError) return <p className="text-sm text-rose-700">{errorText(project.error)}</p>;
  const images = imagesOf(project.data.result_list);
  if (images.length === 0) {
    return (
      <p className="text-sm text-slate-500">
        This project has no finished design yet.{' '}
        <AppLink to={`/chat?id=${encodeURIComponent(projectId)}`} className="text-violet-700 hover:underline">
          Finish it in the design chat
        </AppLink>
      </p>
    );
  }
  return (
    <ul aria-label="Designs of this project" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {images.map((url) => (
        <li key={url}>
          <button type="button" className="card block w-full overflow-hidden p-1 hover:ring-2 hover:ring-violet-400" onClick={() => onPick(projectId, url)}>
            <img src={url} alt="A design of this project" className="aspect-square w-full object-contain" />
            <span className="block py-1 text-xs font-medium text-violet-700">Print this design</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Without a design in the link: the user's design projects, then one of the chosen project's images. */
export function ProjectPicker({ onPick }: { onPick(projectId: string, imageUrl: string): void }) {
  const projects = useDesignProjects(true);
  const [chosen, setChosen] = useState<string | null>(null);
  if (projects.isPending)
    return (
      <p role="status" className="text-sm text-slate-500">
        Loading your designs…
      </p>
    );
  if (projects.isError)
    return (
      <p role="alert" className="text-sm text-rose-700">
        {errorText(projects.error)}
      </p>
    );
  if (projects.data.list.length === 0) {
    return (
      <div className="card p-6 text-sm text-slate-600">
        <p>You have no designs to print yet. Design a box in the design chat, then come back here to check it and send it to a factory.</p>
        <AppLink to="/design-chat" className="btn-primary mt-4 inline-flex h-10 items-center px-5">
          Design a box
        </AppLink>
      </div>
    );
  }
  return (
    <section aria-label="Choose a design" className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">Which design do you want to print?</h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Your design projects">
        {projects.data.list.map((p) => (
          <li key={p.project_id}>
            <button
              type="button"
              aria-pressed={p.project_id === chosen}
              className={`card block w-full overflow-hidden p-1 text-left ${p.project_id === chosen ? 'ring-2 ring-violet-500' : ''}`}
              onClick={() => setChosen(p.project_id)}
            >
              {p.cover ? (
                <img src={p.cover} alt="" className="aspect-square w-full object-contain" />
              ) : (
                <span className="block aspect-square w-full bg-slate-100" />
              )}
              <span className="block truncate px-1 py-1 text-sm font-medium text-slate-800">{p.name || p.product || 'Untitled design'}</span>
            </button>
          </li>
        ))}
      </ul>
      {chosen && <ProjectImages projectId={chosen} onPick={onPick} />}
    </section>
  );
}
