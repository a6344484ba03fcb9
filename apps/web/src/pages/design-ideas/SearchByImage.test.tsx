import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ideaPage, openScreen } from '../../features/ideas/idea-test-kit';
import { mockFetch, ok } from '../../test-support';
import { resetClientState } from '../../test-stores';
import { Component as SearchPage } from './SearchPage';

vi.mock('../../api/upload', () => ({
  uploadImage: vi.fn(async () => ({ url: '/files/mine.png', key: 'k', width: 1200, height: 900, resized: false, content_type: 'image/png', size: 1 })),
}));

beforeEach(() => resetClientState());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/design-ideas/search by image', () => {
  it('uploads the image, asks for ideas like it and shows the palette read from it', async () => {
    const { calls } = mockFetch({
      'POST /api/project/similar/image': ok({ ...ideaPage(2, 2), palette: ['#c9a227', '#111111'], keywords: ['coffee-beans'] }),
    });
    const { router } = openScreen([{ path: '/design-ideas/search', Component: SearchPage }], '/design-ideas/search');
    fireEvent.click(screen.getByRole('button', { name: 'Search by image' }));
    await waitFor(() => expect(router.state.location.search).toBe('?by=image'));
    fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [new File(['x'], 'pack.png', { type: 'image/png' })] } });
    expect(await screen.findByRole('heading', { name: '2 ideas like your image' })).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/project/similar/image')?.body).toEqual({ image_url: '/files/mine.png', page_size: 24 });
    expect(screen.getByRole('list', { name: "Your image's palette" }).textContent).toContain('#c9a227');
    expect(screen.getByText('Seen in it: Coffee beans')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });
});
