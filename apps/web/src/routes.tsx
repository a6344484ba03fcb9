import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ROUTES, type RouteName } from '@packsmith/contracts';
import { configureCatalogue } from './api/error-catalogue';
import { reacquireSession } from './api/current-user';
import { RootLayout } from './layout/RootLayout';
import { RouteError } from './layout/RouteError';
import { navigationGuard } from './navigation/guard';
import { withStickyQuery } from './navigation/nav-rules';
import { HomePage } from './pages/home/HomePage';

type PageModule = { Component: ComponentType };
type Loader = () => Promise<PageModule>;

/**
 * One screen module per route of SPEC §2, loaded on first visit (route-level code splitting); the
 * home page is in the entry chunk because it is the first thing most visitors see.
 */
const screens: Record<Exclude<RouteName, 'home' | 'notFound'>, Loader> = {
  loginPage: () => import('./pages/login/LoginPage'),
  projectList: () => import('./pages/project-list/ProjectListPage'),
  myProject: () => import('./pages/project-list/ProjectListPage'),
  pricing: () => import('./pages/pricing/PricingPage'),
  print: () => import('./pages/print/PrintPage'),
  searchCategory: () => import('./pages/design-ideas/SearchPage'),
  projectInfo: () => import('./pages/design-ideas/IdeaPage'),
  category: () => import('./pages/design-ideas/CategoryPage'),
  oncely: () => import('./pages/oncely/OncelyPage'),
  photoshoot: () => import('./pages/photoshoot/PhotoShootPage'),
  aiquotation: () => import('./pages/quotation/QuotationPage'),
  aimockup: () => import('./pages/mockup/MockupPage'),
  designRequirements: () => import('./pages/design-request/DesignRequestPage'),
  designChat: () => import('./pages/design-chat/DesignChatPage'),
  chat: () => import('./pages/chat/ChatPage'),
  nutritionLabel: () => import('./pages/nutrition-label/NutritionLabelPage'),
  factories: () => import('./pages/factories/FactoriesPage'),
  editor: () => import('./pages/editor/EditorPage'),
  billing: () => import('./pages/billing/BillingPage'),
  admin: () => import('./pages/admin/AdminPage'),
  notFound404: () => import('./pages/not-found/NotFoundPage'),
};

export function buildRoutes(): RouteObject[] {
  const pages: RouteObject[] = ROUTES.map((r): RouteObject => {
    const handle = { routeName: r.name };
    if (r.name === 'home') return { index: true, Component: HomePage, handle };
    const load = screens[r.name];
    return { path: r.path.replace(/^\//, ''), lazy: load, handle };
  });
  pages.push({ path: '*', lazy: screens.notFound404, handle: { routeName: 'notFound' } });
  return [
    {
      id: 'root',
      path: '/',
      loader: navigationGuard,
      // The guard is the navigation hook: it runs before every navigation, not only when params change.
      shouldRevalidate: () => true,
      Component: RootLayout,
      errorElement: <RouteError />,
      HydrateFallback: BootScreen,
      children: [{ errorElement: <RouteError />, children: pages }],
    },
  ];
}

function BootScreen() {
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status" aria-live="polite">
      <span className="h-6 w-6 animate-spin rounded-full border-2 border-violet-200 border-t-violet-600" aria-hidden="true" />
      <span className="sr-only">Loading Packsmith…</span>
    </div>
  );
}

export function createAppRouter() {
  const router = createBrowserRouter(buildRoutes());
  configureCatalogue({
    navigate: (to) => {
      void router.navigate(withStickyQuery(to, router.state.location.search));
    },
    pathname: () => router.state.location.pathname,
    reacquireSession,
  });
  return router;
}
