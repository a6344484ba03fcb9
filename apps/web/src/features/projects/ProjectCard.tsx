import { useId, useRef, useState } from 'react';
import type { ProjectListItem, ProjectSummary } from '@packsmith/contracts';
import { AppLink } from '../../components/AppLink';
import { ProjectMenu } from './ProjectMenu';
import { TYPE_LABEL, projectHref, projectSubtitle, projectTitle } from './project-links';
import { TypeIcon } from './TypeIcon';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const NAME_MAX = 120;

interface ProjectCardProps {
  project: ProjectListItem;
  /** Saves a new name; rejects when the server refused (the list is set back by then). */
  onRename(projectId: string, name: string): Promise<void>;
  onDelete(project: ProjectListItem): void;
  /** A project (or one of its variations) is being opened. */
  onOpen(projectId: string): void;
}

function Thumb({ project, className }: { project: ProjectSummary; className: string }) {
  return project.cover ? (
    <img src={project.cover} alt="" loading="lazy" className={`${className} object-cover`} />
  ) : (
    <div className={`${className} flex items-center justify-center bg-gradient-to-br from-slate-50 to-violet-50 text-violet-400`}>
      <TypeIcon type={project.type} className="h-1/3 max-h-12 w-1/3 max-w-12" />
    </div>
  );
}

/** The inline name field: Enter or leaving the field saves, Escape cancels. */
function RenameField({ initial, onDone }: { initial: string; onDone(name: string | null): void }) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState('');
  const settled = useRef(false);
  const errorId = useId();
  const finish = (name: string | null) => {
    if (settled.current) return;
    if (name !== null && name.trim() === '') {
      setError('Name must not be empty.');
      return;
    }
    settled.current = true;
    onDone(name === null || name.trim() === initial ? null : name.trim());
  };
  return (
    <div className="min-w-0 flex-1">
      <input
        className="field-input h-9 w-full px-2 text-sm"
        aria-label="Project name"
        aria-invalid={error !== ''}
        aria-describedby={error ? errorId : undefined}
        value={value}
        maxLength={NAME_MAX}
        // The field replaces the title the visitor chose to rename: it takes the focus at once.
        autoFocus
        onFocus={(e) => e.currentTarget.select()}
        onChange={(e) => {
          setValue(e.target.value);
          setError('');
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            finish(value);
          } else if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            finish(null);
          }
        }}
        onBlur={() => (value.trim() === '' ? finish(null) : finish(value))}
      />
      {error && (
        <p id={errorId} className="mt-1 text-xs text-rose-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** One project of the list: its picture, name, type and date, a menu (rename, delete) and its variations. */
export function ProjectCard({ project, onRename, onDelete, onOpen }: ProjectCardProps) {
  const [editing, setEditing] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const variationsId = useId();
  const title = projectTitle(project);
  const subtitle = projectSubtitle(project);
  const href = projectHref(project);
  const titleRef = useRef<HTMLAnchorElement>(null);
  const count = project.children.length;

  return (
    <article
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:border-violet-300 hover:shadow-md"
      data-testid="project-card"
      data-project-id={project.project_id}
      aria-label={title}
    >
      {/* The picture is a second way in for the pointer; keyboard and screen readers use the title link. */}
      <AppLink
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        onClick={() => onOpen(project.project_id)}
        className="block aspect-[4/3] overflow-hidden bg-slate-100"
      >
        <Thumb project={project} className="h-full w-full" />
      </AppLink>
      <div className="flex flex-1 flex-col p-4">
        <div className="flex items-start gap-2">
          {editing ? (
            <RenameField
              initial={project.name || title}
              onDone={(name) => {
                setEditing(false);
                if (name !== null) void onRename(project.project_id, name).catch(() => undefined);
                requestAnimationFrame(() => titleRef.current?.focus());
              }}
            />
          ) : (
            <div className="min-w-0 flex-1">
              <AppLink
                ref={titleRef}
                to={href}
                onClick={() => onOpen(project.project_id)}
                className="block truncate font-medium text-slate-900 hover:text-violet-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-violet-500"
                data-testid="project-title"
              >
                {title}
              </AppLink>
              {subtitle && <p className="truncate text-sm text-slate-500">{subtitle}</p>}
            </div>
          )}
          <ProjectMenu
            label={`Actions for ${title}`}
            items={[
              { label: 'Rename', onSelect: () => setEditing(true) },
              { label: 'Delete', tone: 'danger', onSelect: () => onDelete(project) },
            ]}
          />
        </div>
        <p className="mt-1 text-xs text-slate-500">
          {TYPE_LABEL[project.type]} · Edited {dateFormat.format(new Date(project.update_at))}
        </p>
        {count > 0 && (
          <div className="mt-3 border-t border-slate-100 pt-3">
            <button
              type="button"
              className="flex w-full items-center justify-between rounded-lg px-1 py-1 text-sm font-medium text-violet-800 hover:bg-violet-50"
              aria-expanded={expanded}
              aria-controls={variationsId}
              onClick={() => setExpanded((e) => !e)}
            >
              {count} {count === 1 ? 'variation' : 'variations'}
              <svg viewBox="0 0 20 20" className={`h-4 w-4 transition-transform ${expanded ? 'rotate-180' : ''}`} aria-hidden="true">
                <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
            {expanded && (
              <ul id={variationsId} className="mt-2 flex flex-wrap gap-2" aria-label={`Variations of ${title}`}>
                {project.children.map((child) => (
                  <li key={child.project_id}>
                    <AppLink
                      to={projectHref(child)}
                      onClick={() => onOpen(child.project_id)}
                      aria-label={`Open ${projectTitle(child)}`}
                      title={projectTitle(child)}
                      className="block h-14 w-14 overflow-hidden rounded-lg border border-slate-200 hover:border-violet-400 focus-visible:outline focus-visible:outline-2 focus-visible:outline-violet-500"
                    >
                      <Thumb project={child} className="h-full w-full" />
                    </AppLink>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </article>
  );
}
