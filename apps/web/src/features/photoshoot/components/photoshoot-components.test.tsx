import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { WAITING_MESSAGE_AFTER_MS } from '@packsmith/contracts';
import { mockFetch, ok, type Exchange } from '../../../test-support';
import { useProjectStore } from '../../../stores/project.store';
import { useUiStore } from '../../../stores/ui.store';
import { project } from '../../chat/chat-test-kit';
import { ChatControllerProvider } from '../../chat/chat-context';
import { createChatController, type ChatController } from '../../chat/chat-controller';
import { createChatStore } from '../../chat/chat.store';
import { ImageSwiper } from '../../chat/components/ImageSwiper';
import { MessageItem } from '../../chat/components/MessageItem';
import { createShootController, type ShootController } from '../photoshoot-controller';
import { createShootStore, sceneOfTemplate } from '../photoshoot.store';
import { COORDS, scene, shootMsg } from '../photoshoot-test-kit';
import { ShootControllerProvider } from '../shoot-context';
import { BeforeAfter } from './BeforeAfter';
import { PlacementCanvas } from './PlacementCanvas';
import { ResultsSection } from './ResultsSection';
import { SceneGallery } from './SceneGallery';
import { TaskProgress } from './TaskProgress';
import { WAITING_MESSAGES } from '../../chat/waiting';
import { resetClientState } from '../../../test-stores';

vi.mock('socket.io-client', async () => (await import('../../chat/chat-test-kit')).socketModule());

/** The photo shoot screen the components are drawn in: project ps1, its chat ready. */
let chat: ChatController;
let ctl: ShootController;
/** Drawn inside the photo shoot screen; `inShoot: false` for a photo shoot chat elsewhere (the /chat drawer). */
const wrap = (ui: ReactNode, { inShoot = true } = {}) =>
  render(
    <MemoryRouter>
      <ChatControllerProvider controller={chat}>
        {inShoot ? <ShootControllerProvider controller={ctl}>{ui}</ShootControllerProvider> : ui}
      </ChatControllerProvider>
    </MemoryRouter>,
  );
const shoot = () => ctl.store.getState();
const query = (c: Exchange | undefined) => new URL(c?.url ?? '', 'http://x').searchParams;

beforeEach(() => {
  resetClientState();
  chat = createChatController({ store: createChatStore() });
  chat.store.getState().patch({ projectId: 'ps1', status: 'ready', project: project({ project_id: 'ps1', type: 'photoshoot' }) });
  ctl = createShootController({ chat, store: createShootStore() });
  shoot().reset('ps1');
});
afterEach(() => {
  cleanup();
  ctl.dispose();
  chat.dispose();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('before/after slider', () => {
  it('is a labelled slider over the picture; moving it uncovers more or less of the cut-out on a checkerboard', () => {
    render(<BeforeAfter before="/files/photo.png" after="/files/cut.png" ratio={4 / 3} />);
    const slider = screen.getByRole('slider', { name: /Compare original and cut-out/ });
    expect(slider.getAttribute('type')).toBe('range');
    const layer = screen.getByTestId('after-layer');
    expect(layer.style.clipPath).toBe('inset(0 0 0 50%)');
    expect(layer.style.backgroundImage).toContain('linear-gradient');
    fireEvent.change(slider, { target: { value: '20' } });
    expect(layer.style.clipPath).toBe('inset(0 0 0 20%)');
    expect(slider.getAttribute('aria-valuetext')).toBe('80% cut-out shown');
  });
});

describe('placement canvas', () => {
  function setUp() {
    const s1 = scene(1);
    shoot().patchInfo({ transparentUrl: '/files/cut.png', backgroundUrl: s1.image_url });
    shoot().addScenes([sceneOfTemplate(s1)]);
    shoot().patch({ coordinates: COORDS });
    wrap(<PlacementCanvas />);
    const product = screen.getByTestId('placement-product');
    const stage = screen.getByTestId('placement-stage');
    // The canvas shown 1:1 so screen pixels are canvas pixels.
    stage.getBoundingClientRect = () => ({ left: 0, top: 0, width: 1024, height: 768, right: 1024, bottom: 768, x: 0, y: 0, toJSON: () => ({}) });
    return { product, stage };
  }
  const num = (el: HTMLElement, attr: string) => Number(el.getAttribute(attr));

  it('the product stands centred on the scene floor; the keyboard moves, turns and resizes it; ctrl+z and ctrl+shift+z undo and redo', () => {
    const { product } = setUp();
    const p0 = shoot().placement;
    expect(p0).toMatchObject({ backW: 1024, backH: 768, originW: 640, originH: 1240, rotation: 0 });
    expect(p0.left + p0.imgW / 2).toBeCloseTo(512);
    expect(p0.top + p0.imgH).toBeCloseTo(0.75 * 768);
    expect(product.getAttribute('aria-label')).toContain('Centre at 512');

    fireEvent.keyDown(product, { key: 'ArrowRight' });
    expect(shoot().placement.left).toBeCloseTo(p0.left + 1);
    fireEvent.keyDown(product, { key: 'ArrowDown', shiftKey: true });
    expect(shoot().placement.top).toBeCloseTo(p0.top + 10);
    fireEvent.keyDown(product, { key: ']' });
    expect(shoot().placement.rotation).toBe(1);
    fireEvent.keyDown(product, { key: '+' });
    expect(shoot().placement.imgH).toBeCloseTo(p0.imgH * 1.02);
    expect(screen.getByTestId('placement-announcer').textContent).toContain('rotated 1 degrees');

    fireEvent.keyDown(product, { key: 'z', ctrlKey: true });
    expect(shoot().placement.imgH).toBeCloseTo(p0.imgH);
    fireEvent.keyDown(product, { key: 'z', ctrlKey: true });
    fireEvent.keyDown(product, { key: 'z', ctrlKey: true });
    fireEvent.keyDown(product, { key: 'z', ctrlKey: true });
    expect(shoot().placement).toEqual(p0);
    fireEvent.keyDown(product, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(shoot().placement.left).toBeCloseTo(p0.left + 1);
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(shoot().placement).toEqual(p0);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(shoot().placement.left).toBeCloseTo(p0.left + 1);
  });

  it('dragging moves the product and snaps it to the centre line and the floor with guides; touch works the same', () => {
    const { product, stage } = setUp();
    const p0 = shoot().placement;
    const left0 = num(product, 'data-left');
    fireEvent.pointerDown(product, { pointerId: 1, clientX: 512, clientY: 400, button: 0, pointerType: 'mouse' });
    fireEvent.pointerMove(stage, { pointerId: 1, clientX: 517, clientY: 403 });
    // 5 px off the centre and 3 px off the floor: pulled onto both, and both guides show.
    expect(screen.getByTestId('guide-centre')).toBeTruthy();
    expect(screen.getByTestId('guide-floor')).toBeTruthy();
    expect(num(product, 'data-left')).toBe(left0);
    fireEvent.pointerMove(stage, { pointerId: 1, clientX: 612, clientY: 340 });
    expect(screen.queryByTestId('guide-centre')).toBeNull();
    fireEvent.pointerUp(stage, { pointerId: 1, clientX: 612, clientY: 340 });
    const p1 = shoot().placement;
    expect(p1.left).toBeCloseTo(p0.left + 100);
    expect(p1.top).toBeCloseTo(p0.top - 60);

    // A touch drag on the corner handle resizes with the aspect locked.
    const handle = screen.getByTestId('resize-handle-2');
    const corner = { x: p1.left + p1.imgW, y: p1.top + p1.imgH };
    fireEvent.pointerDown(handle, { pointerId: 2, clientX: corner.x, clientY: corner.y, pointerType: 'touch' });
    fireEvent.pointerMove(stage, { pointerId: 2, clientX: corner.x + 32, clientY: corner.y + 62 });
    fireEvent.pointerUp(stage, { pointerId: 2, clientX: corner.x + 32, clientY: corner.y + 62 });
    const p2 = shoot().placement;
    expect(p2.imgH).toBeGreaterThan(p1.imgH);
    expect(p2.imgW / p2.imgH).toBeCloseTo(p1.imgW / p1.imgH);
    expect(p2.left).toBeCloseTo(p1.left);
    expect(p2.top).toBeCloseTo(p1.top);

    // The rotate handle turns it about its centre.
    const centre = { x: p2.left + p2.imgW / 2, y: p2.top + p2.imgH / 2 };
    fireEvent.pointerDown(screen.getByTestId('rotate-handle'), { pointerId: 3, clientX: centre.x, clientY: centre.y - 100, pointerType: 'mouse', button: 0 });
    fireEvent.pointerMove(stage, { pointerId: 3, clientX: centre.x + 100, clientY: centre.y });
    fireEvent.pointerUp(stage, { pointerId: 3, clientX: centre.x + 100, clientY: centre.y });
    expect(shoot().placement.rotation).toBeCloseTo(90);
  });

  it('says what is missing before there is a cut-out or a scene', () => {
    wrap(<PlacementCanvas />);
    expect(screen.getByTestId('placement-empty').textContent).toContain('once it is cut out');
  });
});

describe('scene gallery', () => {
  it('recommended scenes come first; filters ask the server; a click chooses the scene', async () => {
    const [s1, s2, s3] = [scene(1), scene(2, { category: 'studio', family: 'studio_sweep' }), scene(3)];
    const { calls } = mockFetch({
      'GET /api/photoshoot/template/list': ok({ list: [s2, s3, s1], total: 3 }),
      'GET /api/photoshoot/public/list': ok({
        list: [],
        total: 12,
        categories: ['studio', 'surface', 'nature', 'seasonal'],
        colors: ['white', 'beige', 'green'],
      }),
    });
    shoot().addScenes([sceneOfTemplate(s1)]);
    shoot().patch({ recommended: [s1.image_url] });
    wrap(<SceneGallery />);
    const recommended = screen.getByTestId('recommended-scenes');
    expect(within(recommended).getByRole('button', { name: 'Scene 1 (best match)' })).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('all-scenes')).getAllByTestId('scene-option')).toHaveLength(3));
    expect(query(calls.find((c) => c.url.startsWith('/api/photoshoot/template/list'))).get('project_id')).toBe('ps1');

    fireEvent.click(screen.getByRole('button', { name: 'Studio' }));
    await waitFor(() => expect(query(calls.filter((c) => c.url.startsWith('/api/photoshoot/template/list')).at(-1)).get('category')).toBe('studio'));
    fireEvent.click(await screen.findByRole('button', { name: 'Colour: beige' }));
    await waitFor(() => expect(query(calls.filter((c) => c.url.startsWith('/api/photoshoot/template/list')).at(-1)).get('color')).toBe('beige'));
    expect(screen.getByRole('button', { name: 'Colour: beige' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(screen.getByLabelText('Style'), { target: { value: 'studio_sweep' } });
    await waitFor(() => {
      const q = query(calls.filter((c) => c.url.startsWith('/api/photoshoot/template/list')).at(-1));
      expect([q.get('category'), q.get('color'), q.get('family')]).toEqual(['studio', 'beige', 'studio_sweep']);
    });

    const option = await screen.findByRole('button', { name: 'Scene 2' });
    fireEvent.click(option);
    expect(shoot().photoShootInfo.backgroundUrl).toBe(s2.image_url);
    expect(screen.getByRole('button', { name: 'Scene 2' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(query(calls.filter((c) => c.url.startsWith('/api/photoshoot/template/list')).at(-1)).get('category')).toBeNull());
  });

  it('a gallery that cannot load says so, with a retry', async () => {
    let attempt = 0;
    mockFetch({
      'GET /api/photoshoot/template/list': () => (attempt++ === 0 ? 'network-error' : ok({ list: [scene(1)], total: 1 })),
      'GET /api/photoshoot/public/list': ok({ list: [], total: 0, categories: [], colors: [] }),
    });
    wrap(<SceneGallery />);
    const alert = await screen.findByText('Error: Network Error');
    fireEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Scene 1' })).toBeTruthy();
  });
});

describe('photo shoot messages in the chat', () => {
  it('hello is a bubble; a cut-out shows on a checkerboard; recommendations are scene buttons; errors offer "Try again"', () => {
    wrap(<MessageItem m={shootMsg.hello()} />);
    expect(screen.getByText('Upload a photo of your product.').closest('[data-testid="chat-message"]')?.getAttribute('data-kind')).toBe('photoshootHello');
    cleanup();

    wrap(<MessageItem m={shootMsg.cutout()} />);
    expect(screen.getByAltText('Your product, cut out').getAttribute('src')).toBe('/files/cut.png');
    cleanup();

    const s1 = scene(1);
    shoot().addScenes([sceneOfTemplate(s1)]);
    wrap(<MessageItem m={shootMsg.recommend([s1, scene(2)])} />);
    fireEvent.click(screen.getByRole('button', { name: 'Use scene Scene 1' }));
    expect(shoot().photoShootInfo.backgroundUrl).toBe(s1.image_url);
    expect(screen.getByRole('button', { name: 'Use scene Scene 1' }).getAttribute('aria-pressed')).toBe('true');
    cleanup();

    wrap(<MessageItem m={shootMsg.cutError()} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain("We couldn't find a product");
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    cleanup();

    wrap(<MessageItem m={shootMsg.taskStart('cut1', 'cutout')} />);
    expect(screen.getByText(/Cutting out your product/, { selector: 'span' })).toBeTruthy();
  });

  it('outside the photo shoot screen (the /chat drawer) the messages only show: no retry, no scene buttons', () => {
    wrap(<MessageItem m={shootMsg.cutError()} />, { inShoot: false });
    expect(screen.getByRole('alert').textContent).toContain("We couldn't find a product");
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    cleanup();
    wrap(<MessageItem m={shootMsg.recommend([scene(1)])} />, { inShoot: false });
    expect(screen.queryByRole('button', { name: /Use scene/ })).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Recommended scenes' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('a photo shoot answer is a grid of photos with like and best', () => {
    wrap(<MessageItem m={shootMsg.answer('comp1', ['/files/r1.png', '/files/r2.png'])} />);
    expect(screen.getAllByRole('button', { name: /Open photo \d full screen/ })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Like photo 1' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Mark photo 2 as best' })).toBeTruthy();
  });
});

describe('progress', () => {
  it('a slow step shows the queue message after 20 s, then the high-demand one (SPEC §4 Waiting); only the words are live', () => {
    vi.useFakeTimers();
    chat.store.getState().patch({ pendingSince: Date.now() });
    wrap(<TaskProgress label="Shooting your product on the scene…" progress={40} />);
    expect(screen.getByRole('progressbar', { name: 'Shooting your product on the scene…' }).getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByRole('status').textContent).toBe('Shooting your product on the scene…');
    expect(screen.queryByTestId('waiting-message')).toBeNull();
    act(() => vi.advanceTimersByTime(WAITING_MESSAGE_AFTER_MS + 10));
    expect(screen.getByTestId('waiting-message').textContent).toBe(WAITING_MESSAGES[0]);
    act(() => vi.advanceTimersByTime(WAITING_MESSAGE_AFTER_MS));
    expect(screen.getByTestId('waiting-message').textContent).toBe(WAITING_MESSAGES[1]);
  });
});

describe('results', () => {
  it('newest first; like shows at once; compare opens beside the original; full screen moves with ← → and closes with Esc', async () => {
    const { calls } = mockFetch({ 'POST /api/project/photoshoot/image/like': ok({ like_list: ['/files/r3.png'], like_best: null }) });
    useProjectStore.getState().patch({ photoResultList: ['/files/r1.png', '/files/r2.png', '/files/r3.png'] });
    shoot().patchInfo({ photoUrl: '/files/photo.png' });
    shoot().patch({ latestRun: ['/files/r3.png'] });
    wrap(
      <>
        <ResultsSection />
        <ImageSwiper />
      </>,
    );
    const cards = screen.getAllByTestId('result-card');
    expect(cards.map((c) => c.querySelector('img')?.getAttribute('src'))).toEqual(['/files/r3.png', '/files/r2.png', '/files/r1.png']);
    expect(within(cards[0] as HTMLElement).getByText('New')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Like photo 1' })));
    expect(screen.getByRole('button', { name: 'Like photo 1' }).getAttribute('aria-pressed')).toBe('true');
    expect(calls[0]?.body).toEqual({ project_id: 'ps1', image_url: '/files/r3.png', type: 'like' });

    fireEvent.click(screen.getByRole('button', { name: 'More actions for photo 2' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Compare with the original' }));
    const dialog = await screen.findByRole('dialog', { name: 'Compare with the original' });
    expect(within(dialog).getByAltText('Your original product photo').getAttribute('src')).toBe('/files/photo.png');
    expect(within(dialog).getByAltText('The photo shoot result').getAttribute('src')).toBe('/files/r2.png');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Compare with the original' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Open photo 1 full screen' }));
    const preview = await screen.findByRole('dialog', { name: 'Photo preview' });
    expect(within(preview).getByText('1 / 3')).toBeTruthy();
    expect(within(preview).getByRole('button', { name: 'Like photo 1' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(within(preview).getByText('2 / 3')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    expect(within(preview).getByText('3 / 3')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Photo preview' })).toBeNull());
  });

  it('download is gated by plan: a guest gets the login modal', async () => {
    mockFetch({ 'GET /api/user/me': ok({ ...(await import('../../chat/chat-test-kit')).user({ type: 'guest' }) }) });
    useProjectStore.getState().patch({ photoResultList: ['/files/r1.png'] });
    wrap(<ResultsSection />);
    fireEvent.click(screen.getByRole('button', { name: 'More actions for photo 1' }));
    await act(async () => fireEvent.click(screen.getByRole('menuitem', { name: 'Download' })));
    await waitFor(() => expect(useUiStore.getState().loginModal).toBe(true));
  });
});
