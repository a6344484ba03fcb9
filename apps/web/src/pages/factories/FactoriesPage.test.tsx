import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../features/billing/billing-test-kit';
import { factory } from '../../features/factories/factory-test-kit';
import { mockFetch, ok, fail } from '../../test-support';
import { resetClientState } from '../../test-stores';
import { Component as FactoriesPage } from './FactoriesPage';

const sp1 = factory();
const sp2 = factory({ id: 'f2', name: 'Ipiranga Embalagens', city: 'Sao Paulo' });
const lyon = factory({
  id: 'f3',
  name: 'Rhône Cartons',
  city: 'Lyon',
  country: 'France',
  country_code: 'FR',
  lat: 45.76,
  lng: 4.84,
  sample: false,
  processes: ['flexo'],
});
const all = [sp1, sp2, lyon];

beforeEach(() => resetClientState());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/factories', () => {
  it('lists the directory with the sample notice, the Sample data badge only on sample entries, and the card details', async () => {
    mockFetch({ 'GET /api/factory/list': ok({ total: 3, list: all }), 'GET /api/factory/list/all': ok({ list: all }) });
    renderScreen(<FactoriesPage />, '/factories');
    const cards = await screen.findAllByTestId('factory-card');
    expect(cards).toHaveLength(3);
    expect(screen.getByTestId('sample-notice').textContent).toBe('These are sample listings until our team adds verified factories.');
    expect(within(cards[0]!).getByText('Sample data')).toBeTruthy();
    expect(within(cards[2]!).queryByText('Sample data')).toBeNull();
    const first = within(cards[0]!);
    expect(first.getByText('Offset')).toBeTruthy();
    expect(first.getByText('500–100,000 units')).toBeTruthy();
    expect(first.getByText('12–25 days')).toBeTruthy();
    expect(first.getByText('FSC, ISO 9001')).toBeTruthy();
    expect(first.getByText('vendas@paulista.example').getAttribute('href')).toBe('mailto:vendas@paulista.example');
    expect(first.getByText('Website').getAttribute('href')).toBe('https://paulista.example');
  });

  it('shows no sample notice when every listed factory is real', async () => {
    mockFetch({ 'GET /api/factory/list': ok({ total: 1, list: [lyon] }), 'GET /api/factory/list/all': ok({ list: [lyon] }) });
    renderScreen(<FactoriesPage />, '/factories');
    await screen.findByTestId('factory-card');
    expect(screen.queryByTestId('sample-notice')).toBeNull();
  });

  it('groups the cities (accents and case folded) with country and count, and a dot filters to its city', async () => {
    const { calls } = mockFetch({
      'GET /api/factory/list': ok({ total: 3, list: all }),
      'GET /api/factory/list/all': ok({ list: all }),
      'GET /api/factory/search/city': ok({ city: 'São Paulo', exact: true, list: [sp1, sp2] }),
    });
    renderScreen(<FactoriesPage />, '/factories');
    const groups = await screen.findByTestId('city-groups');
    expect(
      within(groups)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['São Paulo, Brazil · 2', 'Lyon, France · 1']);
    fireEvent.click(screen.getByRole('button', { name: 'São Paulo, Brazil: 2 factories' }));
    expect((await screen.findByTestId('results-heading')).textContent).toBe('Factories in São Paulo');
    expect(calls.some((c) => c.url.startsWith('/api/factory/search/city?city=S%C3%A3o+Paulo') || c.url.includes('city=S%C3%A3o%20Paulo'))).toBe(true);
  });

  it('?city= pre-fills the search; a city with none shows the nearest with distances', async () => {
    mockFetch({
      'GET /api/factory/list/all': ok({ list: all }),
      'GET /api/factory/search/city': ok({ city: 'Paris', exact: false, list: [{ ...lyon, distance_km: 392.4 }] }),
    });
    renderScreen(<FactoriesPage />, '/factories?city=Paris');
    expect((await screen.findByTestId('results-heading')).textContent).toBe('No factories in Paris yet — the nearest:');
    expect(screen.getByTestId('factory-distance').textContent).toBe(' · 392 km away');
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('Paris');
  });

  it('sends the process filter and loads more pages', async () => {
    const page = (n: number) => Array.from({ length: 12 }, (_, i) => factory({ id: `p${n}-${i}`, name: `Maker ${n}-${i}` }));
    const { calls } = mockFetch({
      'GET /api/factory/list/all': ok({ list: all }),
      'GET /api/factory/list': (ex) => ok({ total: 20, list: ex.url.includes('page_index=2') ? page(2).slice(0, 8) : page(1) }),
    });
    renderScreen(<FactoriesPage />, '/factories');
    expect(await screen.findAllByTestId('factory-card')).toHaveLength(12);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('factory-card')).toHaveLength(20));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Process'), { target: { value: 'flexo' } });
    await waitFor(() => expect(calls.some((c) => c.url.includes('process=flexo'))).toBe(true));
  });

  it('shows the error with a retry', async () => {
    mockFetch({ 'GET /api/factory/list': fail(500, 'The directory is unavailable.'), 'GET /api/factory/list/all': ok({ list: [] }) });
    renderScreen(<FactoriesPage />, '/factories');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
