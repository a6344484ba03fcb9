import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { BOX_TYPES, BUDGET_RANGES, DESIGN_SERVICES, PRICE_POINTS, boxCategoryOf } from '@packsmith/contracts';
import { createQueryClient } from '../../api/query-client';
import { user } from '../../features/chat/chat-test-kit';
import { DRAFT_KEY, EMPTY_FORM } from '../../features/design-request/design-request-form';
import { useSessionStore } from '../../stores/session.store';
import { fail, mockFetch, ok, type Exchange } from '../../test-support';
import { resetClientState } from '../../test-stores';
import { Component as DesignRequestPage } from './DesignRequestPage';

const uploadImage = vi.hoisted(() => vi.fn());
vi.mock('../../api/upload', () => ({ uploadImage }));

const SUBJECTS = {
  packaging_types: BOX_TYPES.map((b) => ({ slug: b.slug, name: b.name, category: boxCategoryOf(b).name, box_id: b.id })),
  services: DESIGN_SERVICES.map((s) => ({ slug: s.slug, name: s.name, description: s.description })),
  price_points: PRICE_POINTS.map((p) => ({ ...p })),
  budgets: BUDGET_RANGES.map((b) => ({ ...b })),
};

function open() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/design-requirements']}>
        <DesignRequestPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const field = (label: string | RegExp) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string | RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const future = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

async function fillRequired() {
  await screen.findByRole('option', { name: 'Straight Tuck End Box' });
  type('Your name', 'Mira Okafor');
  type('Email', 'mira@example.com');
  type('Country', 'United Kingdom');
  type('Product name', 'Green tea');
  type('Brand', 'Leafline');
  fireEvent.change(field('Packaging type'), { target: { value: 'straight-tuck-end' } });
  type('Quantity', '5,000');
}

beforeEach(() => {
  resetClientState();
  sessionStorage.clear();
  uploadImage.mockReset();
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
    cb(0);
    return 0;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/design-requirements', () => {
  it('has every section, the packaging types grouped by category with "Not sure yet", and no placeholder text', async () => {
    mockFetch({ 'GET /api/subject/list': ok(SUBJECTS) });
    open();
    for (const name of ['Contact', 'Product', 'Market', 'Services', 'Style references', 'Timing and budget', 'Notes']) {
      expect(screen.getByRole('region', { name })).toBeTruthy();
    }
    await screen.findByRole('option', { name: 'Straight Tuck End Box' });
    const select = field('Packaging type');
    expect(within(select).getByRole('option', { name: 'Not sure yet' })).toBeTruthy();
    expect(select.querySelector('optgroup[label="Product Boxes"]')?.textContent).toContain('Straight Tuck End Box');
    expect(screen.getAllByRole('checkbox')).toHaveLength(DESIGN_SERVICES.length);
    expect(document.body.textContent).not.toMatch(/being built|coming soon/i);
  });

  it('submitting empty shows each message under its field, marks it invalid and focuses the first', async () => {
    const { calls } = mockFetch({ 'GET /api/subject/list': ok(SUBJECTS) });
    open();
    await screen.findByRole('option', { name: 'Straight Tuck End Box' });
    fireEvent.click(screen.getByRole('button', { name: 'Send design request' }));
    const name = field('Your name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe('name is required.');
    expect(document.activeElement).toBe(name);
    expect(field('Email').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('email is required.')).toBeTruthy();
    expect(screen.getByText('packaging_type: pick a packaging type from the list.')).toBeTruthy();
    expect(screen.getByText(/^quantity is required/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // Typing a right value clears that field's message at once.
    type('Your name', 'Mira');
    expect(field('Your name').getAttribute('aria-invalid')).toBeNull();
    type('Email', 'mira@');
    expect(screen.getByText('email: enter a valid email address.')).toBeTruthy();
  });

  it('refuses a script in the notes and a past deadline before sending; counts the notes', async () => {
    const { calls } = mockFetch({ 'GET /api/subject/list': ok(SUBJECTS) });
    open();
    await fillRequired();
    type('Anything else we should know (optional)', '<script>alert(1)</script>');
    expect(screen.getByText('25 / 5,000 characters')).toBeTruthy();
    type('Deadline (optional)', '2020-01-01');
    fireEvent.click(screen.getByRole('button', { name: 'Send design request' }));
    expect(screen.getByText('notes: must not contain HTML or script tags (<…>).')).toBeTruthy();
    expect(screen.getByText('deadline: pick today or a later date.')).toBeTruthy();
    expect(document.activeElement).toBe(field('Deadline (optional)'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends every section, shows the reference and what happens next, and starts again on request', async () => {
    let sent: Exchange | null = null;
    mockFetch({
      'GET /api/subject/list': ok(SUBJECTS),
      'POST /api/design_request': (ex) => {
        sent = ex;
        return ok({ request_id: 'r1', reference: 'PS-DR-2026-7K3F9Q' });
      },
    });
    uploadImage.mockResolvedValueOnce({ url: '/files/u/g/a.png', width: 1024, height: 1024 });
    open();
    await fillRequired();
    type('Company (optional)', 'Okafor Teas');
    type('Size (optional)', '80 × 40 × 150 mm');
    type('Target market (optional)', 'Tea lovers');
    fireEvent.change(field('Price point (optional)'), { target: { value: 'premium' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Packaging design/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /3D mockups/ }));
    const file = new File(['x'], 'mood.png', { type: 'image/png' });
    await act(async () => {
      fireEvent.change(screen.getByTestId('reference-input'), { target: { files: [file] } });
    });
    expect(await screen.findByRole('img', { name: 'Reference 1' })).toBeTruthy();
    type('Link 1', 'https://example.com/board');
    const deadline = future();
    type('Deadline (optional)', deadline);
    fireEvent.change(field('Budget (optional)'), { target: { value: '3k-7k' } });
    type('Anything else we should know (optional)', 'Gold foil please');
    fireEvent.click(screen.getByRole('button', { name: 'Send design request' }));

    expect(await screen.findByTestId('design-request-reference')).toHaveProperty('textContent', 'PS-DR-2026-7K3F9Q');
    expect(screen.getByText('What happens next')).toBeTruthy();
    expect(sent).not.toBeNull();
    expect((sent as Exchange | null)?.body).toEqual({
      name: 'Mira Okafor',
      email: 'mira@example.com',
      company: 'Okafor Teas',
      country: 'United Kingdom',
      product: 'Green tea',
      brand: 'Leafline',
      packaging_type: 'straight-tuck-end',
      size: '80 × 40 × 150 mm',
      quantity: 5000,
      target_market: 'Tea lovers',
      price_point: 'premium',
      services: ['packaging-design', 'mockups-renders'],
      links: ['https://example.com/board'],
      attachments: ['/files/u/g/a.png'],
      deadline,
      budget: '3k-7k',
      notes: 'Gold foil please',
    });
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Send another request' }));
    expect(field('Your name').value).toBe('');
  });

  it("puts a server refusal under the field it names (another user's image)", async () => {
    mockFetch({
      'GET /api/subject/list': ok(SUBJECTS),
      'POST /api/design_request': fail(403, 'attachments[0]: This image belongs to someone else.'),
    });
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ ...EMPTY_FORM, attachments: [{ url: '/files/x.png', width: 1024, height: 1024 }] }));
    open();
    await fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Send design request' }));
    expect(await screen.findByText('attachments[0]: This image belongs to someone else.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add images' }).getAttribute('aria-invalid')).toBe('true');
    // Removing the image clears the message.
    fireEvent.click(screen.getByRole('button', { name: 'Remove reference 1' }));
    expect(screen.queryByText('attachments[0]: This image belongs to someone else.')).toBeNull();
  });

  it('keeps everything typed when sending fails, and Try again sends it', async () => {
    let attempts = 0;
    mockFetch({
      'GET /api/subject/list': ok(SUBJECTS),
      'POST /api/design_request': () => (++attempts === 1 ? 'network-error' : ok({ request_id: 'r2', reference: 'PS-DR-2026-ABCDEF' })),
    });
    open();
    await fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Send design request' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Everything you typed is still here.');
    expect(field('Brand').value).toBe('Leafline');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('PS-DR-2026-ABCDEF')).toBeTruthy();
    expect(attempts).toBe(2);
  });

  it('keeps a draft in sessionStorage: a reload brings the form back', async () => {
    mockFetch({ 'GET /api/subject/list': ok(SUBJECTS) });
    open();
    await screen.findByRole('option', { name: 'Straight Tuck End Box' });
    type('Brand', 'Leafline');
    type('Anything else we should know (optional)', 'Calm and botanical');
    cleanup();
    open();
    expect(field('Brand').value).toBe('Leafline');
    expect(field('Anything else we should know (optional)').value).toBe('Calm and botanical');
  });

  it("prefills a signed-in user's name and email", async () => {
    mockFetch({ 'GET /api/subject/list': ok(SUBJECTS) });
    useSessionStore.getState().setToken('tok', 'user');
    useSessionStore.getState().setUser(user({ name: 'Ada Lovelace', email: 'ada@example.com' }));
    open();
    await waitFor(() => expect(field('Your name').value).toBe('Ada Lovelace'));
    expect(field('Email').value).toBe('ada@example.com');
  });

  it('says so when the subjects cannot be loaded, with a retry', async () => {
    let n = 0;
    mockFetch({ 'GET /api/subject/list': () => (++n === 1 ? fail(500, 'Server error') : ok(SUBJECTS)) });
    open();
    const alert = await screen.findByText(/could not be loaded/);
    fireEvent.click(within(alert.parentElement as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('option', { name: 'Straight Tuck End Box' })).toBeTruthy();
  });
});
