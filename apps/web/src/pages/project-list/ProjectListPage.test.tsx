import { cleanup, screen, within } from '@testing-library/react';
import type { PrintRequest, ProjectSummary } from '@packsmith/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../features/billing/billing-test-kit';
import { user } from '../../features/chat/chat-test-kit';
import { quote } from '../../features/factories/factory-test-kit';
import { useSessionStore } from '../../stores/session.store';
import { mockFetch, ok } from '../../test-support';
import { resetClientState } from '../../test-stores';
import { Component as ProjectListPage } from './ProjectListPage';

function project(over: Partial<ProjectSummary>): ProjectSummary {
  return {
    project_id: 'p1',
    type: 'design',
    name: '',
    product: 'Tea',
    brand: 'Leaf',
    parent_project_id: null,
    is_public: false,
    create_at: 1_760_000_000_000,
    update_at: 1_760_000_000_000,
    cover: null,
    ...over,
  };
}

function printRequest(): PrintRequest {
  const q = quote();
  return {
    id: 'pr1',
    project_id: 'p1',
    factory: { id: 'f1', name: 'Harbour Carton Works', city: 'Shenzhen', country: 'China', sample: true },
    design_url: '',
    spec: q.spec,
    box: q.box,
    unit_price: q.unit_price,
    total: q.total,
    currency: q.currency,
    contact_name: 'Ana',
    contact_email: 'ana@example.com',
    notes: '',
    status: 'sent',
    created_at: 1_760_000_000_000,
  };
}

function signIn() {
  useSessionStore.getState().setToken('tok-user', 'user');
  useSessionStore.getState().setUser(user({ email: 'ana@example.com', name: 'Ana' }));
}

beforeEach(() => resetClientState());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/my_project', () => {
  it('opens a quotation project in the quotation tool and lists the print requests sent', async () => {
    signIn();
    mockFetch({
      'GET /api/project/list': ok({ total: 2, list: [project({ project_id: 'q1', type: 'pricing_tool', name: 'Tea quote' }), project({})] }),
      'GET /api/print/requests': ok({ total: 1, list: [printRequest()] }),
    });
    renderScreen(<ProjectListPage />, '/my_project');
    const quoteLink = (await screen.findByText('Tea quote')).closest('a');
    expect(quoteLink?.getAttribute('href')).toBe('/aiquotation?project_id=q1');
    const requests = await screen.findByTestId('my-print-requests');
    expect(within(requests).getByText(/Harbour Carton Works/)).toBeTruthy();
  });

  it('shows no print-request section before one was sent', async () => {
    signIn();
    mockFetch({
      'GET /api/project/list': ok({ total: 1, list: [project({})] }),
      'GET /api/print/requests': ok({ total: 0, list: [] }),
    });
    renderScreen(<ProjectListPage />, '/my_project');
    await screen.findByText('Leaf · Tea');
    expect(screen.queryByTestId('my-print-requests')).toBeNull();
  });
});
