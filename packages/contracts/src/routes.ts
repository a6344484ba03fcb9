/**
 * SPEC §2 route table. `name` is what page views report; `heading` names the screen.
 * Patterns use React Router syntax; `{_id*}` style optional tails become `/*`.
 */
export interface RouteDef {
  name: string;
  path: string;
  heading: string;
  /** Shown in the header menu and on the home page as a tool. */
  tool?: { label: string; blurb: string };
}

export const ROUTES = [
  { name: 'loginPage', path: '/loginPage', heading: 'Sign in' },
  { name: 'home', path: '/', heading: 'Packaging design, done with AI' },
  { name: 'projectList', path: '/projectList/*', heading: 'My projects' },
  { name: 'myProject', path: '/my_project/*', heading: 'My projects' },
  { name: 'pricing', path: '/pricing', heading: 'Plans and prices' },
  { name: 'print', path: '/print', heading: 'Print your packaging' },
  { name: 'searchCategory', path: '/design-ideas/search', heading: 'Search design ideas' },
  { name: 'projectInfo', path: '/design-ideas/project/*', heading: 'Design idea' },
  {
    name: 'category',
    path: '/design-ideas/*',
    heading: 'Design ideas',
    tool: { label: 'Design ideas', blurb: 'Browse packaging ideas by category and search them.' },
  },
  { name: 'oncely', path: '/oncely', heading: 'Packsmith lifetime deal' },
  {
    name: 'photoshoot',
    path: '/photoshoot',
    heading: 'AI photo shoot',
    tool: { label: 'Photo shoot', blurb: 'Cut out your product photo and place it in studio scenes.' },
  },
  {
    name: 'aiquotation',
    path: '/aiquotation',
    heading: 'AI price quotation',
    tool: { label: 'Price quotation', blurb: 'Get a packaging price estimate in a minute.' },
  },
  { name: 'aimockup', path: '/aimockup/*', heading: 'AI mockup', tool: { label: 'Mockups', blurb: 'Put your design on 3D and photo mockup templates.' } },
  {
    name: 'designRequirements',
    path: '/design-requirements',
    heading: 'Design request',
    tool: { label: 'Design request', blurb: 'Tell our designers what you need.' },
  },
  {
    name: 'designChat',
    path: '/design-chat',
    heading: 'Design chat',
    tool: { label: 'Design chat', blurb: 'Describe your product and get packaging designs.' },
  },
  { name: 'chat', path: '/chat', heading: 'Chat' },
  {
    name: 'nutritionLabel',
    path: '/tools/nutrition-label-generator',
    heading: 'Nutrition label generator',
    tool: { label: 'Nutrition label', blurb: 'Generate a compliant nutrition facts label.' },
  },
  { name: 'factories', path: '/factories', heading: 'Factory directory', tool: { label: 'Factories', blurb: 'Find packaging factories by city.' } },
  { name: 'editor', path: '/editor', heading: 'AI packaging editor', tool: { label: 'AI editor', blurb: 'Edit packaging images with AI.' } },
  { name: 'billing', path: '/billing', heading: 'Billing and credits' },
  { name: 'admin', path: '/admin/*', heading: 'Admin' },
  { name: 'notFound404', path: '/404', heading: 'Page not found' },
] as const satisfies readonly RouteDef[];

export type RouteName = (typeof ROUTES)[number]['name'] | 'notFound';

/** Query values kept on internal links (SPEC §2). */
export const STICKY_QUERY_KEYS = ['ref', 'utm_source'] as const;

/** Local storage keys; the session token key is fixed (SPEC §9). */
export const STORAGE_KEYS = {
  token: 'packsmith_token',
  tokenMarker: 'packsmith_token_type',
  guestToken: 'packsmith_guest_token',
  anonymousProjects: 'packsmith_anonymous_projects',
  localHistory: 'packsmith_project_history',
} as const;

export const LOCAL_HISTORY_MAX = 100;
export const CHAT_HISTORY_COUNT = 100;
export const REQUEST_TIMEOUT_MS = 180_000;
export const WAITING_MESSAGE_AFTER_MS = 20_000;
export const PHOTO_CANVAS_SIZE = 1024;
export const PX_PER_MM = 3.7795;
export const REVEAL_STEP_MS = 200;
export const DEFAULT_ERASE_SCALE = 50;
export const DEFAULT_GENERATE_TEXT = 'Generate';
