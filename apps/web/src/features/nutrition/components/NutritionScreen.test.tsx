import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { fail, mockFetch, ok, urlOf, type Exchange } from '../../../test-support';
import { resetClientState } from '../../../test-stores';
import { useUiStore } from '../../../stores/ui.store';
import { user } from '../../chat/chat-test-kit';
import { Component as NutritionLabelPage } from '../../../pages/nutrition-label/NutritionLabelPage';
import { computed, food } from '../nutrition-test-kit';

type Routes = Parameters<typeof mockFetch>[0];

function routes(over: Routes = {}): Routes {
  return {
    'POST /api/nutrition/compute': ok(computed()),
    'GET /api/nutrition/labels': ok({ list: [], total: 0 }),
    'GET /api/user/me': ok(user({ type: 'guest' })),
    ...over,
  };
}

/** mockFetch, plus label files under /files/ answered as the bytes they are. */
function serve(r: Routes) {
  const mocked = mockFetch(r);
  const json = mocked.fn.getMockImplementation();
  const files: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = urlOf(input);
      if (url.startsWith('/files/')) {
        files.push(url);
        return new Response('%PDF-1.7 label', { status: 200, headers: { 'content-type': 'application/pdf' } });
      }
      return json!(input, init);
    }),
  );
  return { calls: mocked.calls, files };
}

function open(url = '/tools/nutrition-label-generator') {
  const router = createMemoryRouter([{ path: '/tools/nutrition-label-generator', Component: NutritionLabelPage }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const computes = (calls: Exchange[]) => calls.filter((c) => c.url === '/api/nutrition/compute');
const lastCompute = (calls: Exchange[]) => computes(calls).at(-1)?.body as Record<string, unknown> | undefined;

beforeEach(() => {
  resetClientState();
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:label'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/tools/nutrition-label-generator', () => {
  it('is the working screen: no "being built" left, the preview from the compute call', async () => {
    serve(routes());
    open();
    expect(await screen.findByTestId('label-image')).toBeTruthy();
    expect(document.body.textContent ?? '').not.toMatch(/coming soon|being built/i);
    expect(screen.getByRole('heading', { name: 'Preview' })).toBeTruthy();
    expect(await screen.findByText(/No saved labels yet/)).toBeTruthy();
  });

  it('sends what the form holds, numbers as typed ("12," → 12), once typing pauses', async () => {
    const { calls } = serve(routes());
    open();
    await screen.findByTestId('label-image');
    fireEvent.change(screen.getByLabelText(/Serving size \(household measure\)/), { target: { value: '2/3 cup' } });
    fireEvent.change(screen.getByLabelText(/^Serving/, { selector: '#nf-serving-grams_or_ml' }), { target: { value: '55' } });
    fireEvent.change(screen.getByLabelText(/Total Fat/), { target: { value: '8' } });
    fireEvent.change(screen.getByLabelText(/Total Sugars/), { target: { value: '12,' } });
    // The field keeps what was typed; the call gets the amount.
    expect(screen.getByLabelText<HTMLInputElement>(/Total Sugars/).value).toBe('12,');
    await waitFor(() => expect(lastCompute(calls)?.nutrients).toEqual({ fat: '8', sugars: '12' }));
    expect(lastCompute(calls)).toMatchObject({ region: 'us', format: 'standard', serving: { size_text: '2/3 cup', grams_or_ml: '55', unit: 'g' } });
    // Four quick changes, debounced: far fewer calls than keystrokes.
    expect(computes(calls).length).toBeLessThanOrEqual(3);
  });

  it('swaps the preview for the newer label and keeps the last good one while a bad input fails', async () => {
    let n = 0;
    serve(
      routes({
        'POST /api/nutrition/compute': (ex) => {
          n += 1;
          const body = ex.body as { nutrients: Record<string, string> };
          if (body.nutrients.added_sugars === '20') return fail(400, 'nutrients.added_sugars: Added sugars must not be more than total sugars.');
          return ok(computed({ title: `Label ${n}`, warnings: n > 1 ? ['Simplified format is allowed for this product.'] : [] }));
        },
      }),
    );
    open();
    expect((await screen.findByTestId('label-image')).getAttribute('alt')).toMatch(/^Label 1/);
    fireEvent.change(screen.getByLabelText(/Total Fat/), { target: { value: '1' } });
    await waitFor(() => expect(screen.getByTestId('label-image').getAttribute('alt')).toMatch(/^Label 2/));
    expect(within(screen.getByTestId('label-warnings')).getByText('Simplified format is allowed for this product.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/Added Sugars/), { target: { value: '20' } });
    const field = screen.getByLabelText(/Added Sugars/);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(/Added sugars must not be more than total sugars/).length).toBeGreaterThan(0);
    // The last good label stays on screen.
    expect(screen.getByTestId('label-image').getAttribute('alt')).toMatch(/^Label 2/);
  });

  it('an error about a field still empty is the next step, shown in the preview without marking the field', async () => {
    serve(
      routes({ 'POST /api/nutrition/compute': fail(400, 'serving.grams_or_ml: Give the serving size in g or mL (US and Canadian labels are per serving).') }),
    );
    open();
    expect((await screen.findByTestId('preview-next-step')).textContent).toBe('Give the serving size in g or mL (US and Canadian labels are per serving).');
    expect(screen.getByLabelText(/^Serving/, { selector: '#nf-serving-grams_or_ml' }).getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByTestId('preview-error')).toBeNull();
  });

  it('a label too large for the panel says so and offers the formats that fit', async () => {
    const { calls } = serve(
      routes({
        'POST /api/nutrition/compute': ok(
          computed({ fit: { fits: false, message: 'The label (60 × 100 mm) does not fit the 50 × 40 mm panel.', suggest: ['tabular', 'linear'] } }),
        ),
      }),
    );
    open();
    expect(await screen.findByText(/does not fit the 50 × 40 mm panel/)).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('fit-warning')).getByRole('button', { name: 'Linear (small packages)' }));
    await waitFor(() => expect(lastCompute(calls)?.format).toBe('linear'));
  });

  it('save names the field of a 400 and moves focus to it; a good save puts the project in the URL', async () => {
    let saves = 0;
    const { calls } = serve(
      routes({
        'POST /api/nutrition/label': () => {
          saves += 1;
          return saves === 1
            ? fail(400, 'serving.per_container must be a number (in servings), not "many".')
            : ok({ project_id: 'n7', name: 'Cookies', update_at: 2 });
        },
      }),
    );
    const router = open();
    await screen.findByTestId('label-image');
    fireEvent.change(screen.getByLabelText('Label name'), { target: { value: 'Cookies' } });
    fireEvent.change(screen.getByLabelText(/Servings per container/), { target: { value: 'many' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save label' }));
    const field = screen.getByLabelText(/Servings per container/);
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(field, { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save label' }));
    await waitFor(() => expect(router.state.location.search).toBe('?project_id=n7'));
    expect(calls.filter((c) => c.url === '/api/nutrition/label').at(-1)?.body).toMatchObject({ name: 'Cookies', input: { serving: { per_container: '8' } } });
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeTruthy();
  });

  it('?project_id= reopens a saved label through the label call', async () => {
    const { calls } = serve(
      routes({
        'GET /api/nutrition/label': ok({
          project_id: 'n3',
          name: 'Oat bar',
          input: { region: 'eu', format: 'table', nutrients: { fat: '12.5' }, serving: { unit: 'g' } },
          label: computed({ region: 'eu', format: 'table' }),
          create_at: 1,
          update_at: 1,
        }),
      }),
    );
    open('/tools/nutrition-label-generator?project_id=n3');
    expect((await screen.findByLabelText<HTMLInputElement>('Label name')).value).toBe('Oat bar');
    expect(screen.getByLabelText<HTMLSelectElement>('Region').value).toBe('eu');
    expect(screen.getByLabelText<HTMLInputElement>(/^Fat/).value).toBe('12.5');
    await waitFor(() => expect(lastCompute(calls)).toMatchObject({ region: 'eu', nutrients: { fat: '12.5' } }));
  });
});

describe('recipe mode', () => {
  it('suggests ingredients from the foods call; ↓ and Enter pick one, Escape closes; unmatched rows are flagged', async () => {
    const { calls } = serve(
      routes({
        'GET /api/nutrition/foods': ok({ list: [food(), food({ food_id: 'usda-20581', name: 'Wheat flour, whole-grain' })] }),
        'POST /api/nutrition/compute': (ex) => {
          const body = ex.body as { recipe?: { ingredients: { name: string }[] } };
          const unknown = (body.recipe?.ingredients ?? []).flatMap((i, index) => (i.name === 'Moon dust' ? [{ index, name: i.name }] : []));
          return ok(
            computed({
              unmatched: unknown,
              ingredients_statement: {
                text: 'Ingredients: Wheat flour.',
                segments: [
                  { text: 'Ingredients: ', bold: false },
                  { text: 'Wheat', bold: true },
                  { text: ' flour.', bold: false },
                ],
                contains: 'Contains: Wheat.',
                allergens: ['wheat'],
                items: [],
              },
            }),
          );
        },
      }),
    );
    open();
    await screen.findByTestId('label-image');
    fireEvent.click(screen.getByRole('button', { name: 'From a recipe' }));
    const box = screen.getByRole('combobox', { name: 'Ingredient 1' });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'flour' } });
    await screen.findByRole('option', { name: /whole-grain/ });
    expect(calls.find((c) => c.url.startsWith('/api/nutrition/foods'))?.url).toContain('q=flour');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: /whole-grain/ }).id);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((box as HTMLInputElement).value).toBe('Wheat flour, whole-grain');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(screen.getAllByLabelText(/Weight/)[0]!, { target: { value: '500' } });
    await waitFor(() =>
      expect(lastCompute(calls)?.recipe).toEqual({ ingredients: [{ name: 'Wheat flour, whole-grain', grams: '500', food_id: 'usda-20581' }] }),
    );
    expect(within(screen.getByTestId('ingredients-statement')).getByText('Contains: Wheat.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add ingredient' }));
    const second = screen.getByRole('combobox', { name: 'Ingredient 2' });
    fireEvent.focus(second);
    fireEvent.change(second, { target: { value: 'Moon dust' } });
    fireEvent.keyDown(second, { key: 'Escape' });
    expect(second.getAttribute('aria-expanded')).toBe('false');
    expect(await screen.findByText(/Not found in the ingredient table/)).toBeTruthy();
    expect(second.getAttribute('aria-invalid')).toBe('true');
  });

  it('"Add my own ingredient" saves per-100 g figures through saveFood and adds the row', async () => {
    const { calls } = serve(
      routes({
        'POST /api/nutrition/food': ok(food({ food_id: 'mine-1', name: 'Grandma jam', source: 'mine', per_100g: { sugars: '60' } })),
      }),
    );
    open();
    await screen.findByTestId('label-image');
    fireEvent.click(screen.getByRole('button', { name: 'From a recipe' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add my own ingredient' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add my own ingredient' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Grandma jam' } });
    fireEvent.change(within(dialog).getByLabelText(/Total Sugars/), { target: { value: '60' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save ingredient' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.url === '/api/nutrition/food')?.body).toEqual({ name: 'Grandma jam', per_100g: { sugars: '60' } });
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Ingredient 1' }).value).toBe('Grandma jam');
    await waitFor(() => expect(lastCompute(calls)?.recipe).toMatchObject({ ingredients: [{ name: 'Grandma jam', food_id: 'mine-1' }] }));
  });
});

describe('downloads (SPEC §6)', () => {
  const file = { url: '/files/n7.pdf', file_name: 'Cookies.pdf', content_type: 'application/pdf', bytes: 14, watermarked: false, width_mm: 60, height_mm: 100 };
  const download = ok(file);

  it('a guest gets the login modal and nothing is saved', async () => {
    const { calls } = serve(routes());
    open();
    await screen.findByTestId('label-image');
    expect(screen.getByText('Sign in to download your label.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF (true size)' }));
    await waitFor(() => expect(useUiStore.getState().loginModal).toBe(true));
    expect(calls.some((c) => c.url === '/api/nutrition/label' || c.url === '/api/nutrition/download')).toBe(false);
  });

  it('a free account may download the watermarked preview; the clean file answers 403 and opens the pay modal', async () => {
    useUiStore.getState().reset();
    const { calls, files } = serve(
      routes({
        'GET /api/user/me': ok(user()),
        'POST /api/nutrition/label': ok({ project_id: 'n7', name: 'Nutrition label', update_at: 2 }),
        'POST /api/nutrition/download': (ex) =>
          (ex.body as { watermark?: boolean }).watermark
            ? ok({ ...file, url: '/files/n7-preview.pdf', watermarked: true })
            : fail(403, 'Please activate your membership.'),
      }),
    );
    const { useSessionStore } = await import('../../../stores/session.store');
    useSessionStore.getState().setToken('tok', 'user');
    open();
    await screen.findByTestId('label-image');
    await waitFor(() => expect(useSessionStore.getState().user).not.toBeNull());
    fireEvent.click(await screen.findByRole('button', { name: 'Download preview (watermarked) PDF (true size)' }));
    await waitFor(() => expect(files).toEqual(['/files/n7-preview.pdf']));
    expect(calls.find((c) => c.url === '/api/nutrition/download')?.body).toEqual({ project_id: 'n7', format: 'pdf', watermark: true });

    fireEvent.click(screen.getByRole('button', { name: 'Download PDF (true size)' }));
    await waitFor(() => expect(useUiStore.getState().payModal).toBe(true));
    expect(useUiStore.getState().toasts.map((t) => t.text)).toContain('Please activate your membership.');
    expect(files).toHaveLength(1);
  });

  it('a paid account saves the label and gets the clean file', async () => {
    const { calls, files } = serve(
      routes({
        'GET /api/user/me': ok(user({ vip_type: 'pro_month', vip_expire_time: Date.now() + 86_400_000 })),
        'POST /api/nutrition/label': ok({ project_id: 'n7', name: 'Nutrition label', update_at: 2 }),
        'POST /api/nutrition/download': download,
      }),
    );
    const { useSessionStore } = await import('../../../stores/session.store');
    useSessionStore.getState().setToken('tok', 'user');
    open();
    await screen.findByTestId('label-image');
    await waitFor(() => expect(useSessionStore.getState().user).not.toBeNull());
    expect(screen.queryByRole('button', { name: /watermarked/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF (true size)' }));
    await waitFor(() => expect(files).toEqual(['/files/n7.pdf']));
    expect(calls.find((c) => c.url === '/api/nutrition/label')?.body).toMatchObject({ name: 'Nutrition label', input: { region: 'us' } });
    expect(calls.find((c) => c.url === '/api/nutrition/download')?.body).toEqual({ project_id: 'n7', format: 'pdf' });
  });
});
