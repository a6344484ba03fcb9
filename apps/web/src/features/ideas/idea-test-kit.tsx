import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import type { IdeaDetail, IdeaItem } from '@packsmith/contracts';
import { createQueryClient } from '../../api/query-client';

/* Fixtures shaped exactly like the contracts' answers, and a router to open the gallery's screens. */

export function ideaItem(over: Partial<IdeaItem> = {}): IdeaItem {
  const id = over.project_id ?? 'i1';
  return {
    project_id: id,
    type: 'design',
    name: 'Morning Ritual coffee',
    product: 'Single-origin coffee',
    brand: 'Morning Ritual',
    is_public: true,
    cover: `/files/${id}-cover.png`,
    create_at: Date.UTC(2026, 10, 1),
    update_at: Date.UTC(2026, 10, 2),
    parent_project_id: null,
    category: 'Food & Beverages',
    cover_url: `/files/${id}-cover.png`,
    width: 800,
    height: 1000,
    tags: ['minimalist', 'brown', 'coffee-beans'],
    box: 'stand-up-pouch',
    palette: ['#6b4f3a', '#f2e8dc', '#1f2933'],
    like_count: 12,
    view_count: 340,
    featured: false,
    made_by_packsmith: true,
    ...over,
  };
}

export function ideaDetail(over: Partial<IdeaDetail> = {}): IdeaDetail {
  const base = ideaItem(over);
  return {
    ...base,
    story: 'A single-origin coffee for slow mornings: a calm, minimalist pouch in roasted browns with a line drawing of coffee beans.',
    brief: { product: base.product, brand: base.brand, box: ['Stand-up pouch'], element: ['coffee beans'], style: ['minimalist'], color: ['brown', 'cream'] },
    designs: [
      { packshot_url: '/files/d1-pack.png', front_url: '/files/d1-front.png', palette: ['#6b4f3a'], width: 1024, height: 1024 },
      { packshot_url: '/files/d2-pack.png', front_url: '/files/d2-front.png', palette: ['#1f2933'], width: 1024, height: 1024 },
    ],
    box_name: 'Stand-Up Pouch',
    box_id: 501,
    liked: false,
    redesign_url: `/design-chat?fid=${base.project_id}`,
    mine: false,
    ...over,
  };
}

/** A page of ideas i1…iN from `start`. */
export function ideaPage(count: number, total: number, start = 1) {
  return { list: Array.from({ length: count }, (_, k) => ideaItem({ project_id: `i${start + k}`, brand: `Brand ${start + k}` })), total };
}

export function openScreen(routes: RouteObject[], url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, client };
}
