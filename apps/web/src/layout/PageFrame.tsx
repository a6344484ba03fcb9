import type { ReactNode } from 'react';
import type { RouteName } from '@packsmith/contracts';
import { routeDef } from '../navigation/nav-rules';

interface PageFrameProps {
  route: RouteName;
  /** One or two sentences: what this screen does. */
  description: ReactNode;
  /** Small label over the heading. */
  eyebrow?: string;
  children?: ReactNode;
  actions?: ReactNode;
}

/** The top of every screen: the heading from ROUTES and what the screen is for. */
export function PageFrame({ route, description, eyebrow, children, actions }: PageFrameProps) {
  const heading = routeDef(route)?.heading ?? 'Page not found';
  return (
    <div className="page-container pt-10 sm:pt-14">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-2xl">
          {eyebrow && <p className="text-sm font-medium text-violet-700">{eyebrow}</p>}
          <h1 className="mt-1 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">{heading}</h1>
          <div className="mt-3 text-base leading-relaxed text-slate-600">{description}</div>
        </div>
        {actions && <div className="flex shrink-0 gap-3">{actions}</div>}
      </div>
      {children && <div className="mt-10">{children}</div>}
    </div>
  );
}
