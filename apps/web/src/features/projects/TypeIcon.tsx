import type { ProjectType } from '@packsmith/contracts';

/** The placeholder of a project without a picture yet: a line drawing of what the type makes. */
export function TypeIcon({ type, className = 'h-8 w-8' }: { type: ProjectType; className?: string }) {
  const common = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.6, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" data-testid={`type-icon-${type}`}>
      {type === 'design' && <path {...common} d="M4 8l8-4 8 4v8l-8 4-8-4V8zm0 0l8 4 8-4M12 12v8" />}
      {type === 'childDesign' && <path {...common} d="M7 4h10v6H7zM4 14h7v6H4zM13 14h7v6h-7zM12 10v2M7.5 14v-2h9v2" />}
      {type === 'photoshoot' && <path {...common} d="M4 8h3l2-3h6l2 3h3v11H4zM12 16.5a3.5 3.5 0 100-7 3.5 3.5 0 000 7z" />}
      {type === 'mockup' && <path {...common} d="M8 3h8v3l2 3v12H6V9l2-3zM8 6h8M9 13h6" />}
      {type === 'pricing_tool' && <path {...common} d="M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3" />}
      {type === 'nutrition' && <path {...common} d="M6 3h12v18H6zM8 6h8M8 9h8M8 12h5M8 15h8M8 18h4" />}
      {type === 'ai_editor' && <path {...common} d="M4 20l4-1 11-11-3-3L5 16zM14 7l3 3M18 3l.6 1.4L20 5l-1.4.6L18 7l-.6-1.4L16 5l1.4-.6z" />}
    </svg>
  );
}
