import { describe, expect, it } from 'vitest';
import { MOCKUP_CATEGORIES } from '@packsmith/contracts';
import { msg, record } from '../chat/chat-test-kit';
import { mockupEffectOf, recordOutcome } from './mockup-data';
import { historyKey } from './components/useEditShortcuts';
import { mockMsg, template } from './mockup-test-kit';
import { templateForBox } from './open-in-studio';
import { countsUnsettled, libraryRendering } from './queries';
import { categoryFromParam, categoryPath, libraryHref, parseMockupLocation, studioHref } from './mockup-url';
import {
  DEFAULT_PLACEMENT,
  clampPlacement,
  coverSize,
  describePlacement,
  designBox,
  dragPlacement,
  editStepOf,
  keyboardPlacement,
  normalizeRotation,
  zoomPlacement,
} from './placement';
import { readSetup } from './setup-data';
import { snapshotSize } from './snapshot-image';

describe('URL state', () => {
  it('every category name survives the path: encoded, typed, or shared', () => {
    for (const { name } of MOCKUP_CATEGORIES) {
      const path = categoryPath(name);
      const tail = path.slice('/aimockup/'.length);
      expect(categoryFromParam(tail)).toBe(name);
      expect(categoryFromParam(decodeURIComponent(tail))).toBe(name);
    }
    expect(categoryPath('Bottles & Jugs')).toBe('/aimockup/Bottles%20%26%20Jugs');
  });

  it('a slug or another case names the same category; an unknown name is kept aside', () => {
    expect(categoryFromParam('bottles-jugs')).toBe('Bottles & Jugs');
    expect(categoryFromParam('containers & CUPS & bowls')).toBe('Containers & Cups & Bowls');
    const loc = parseMockupLocation('Spaceships', new URLSearchParams());
    expect(loc).toMatchObject({ category: null, unknownCategory: 'Spaceships' });
    // A stray % never breaks the page.
    expect(parseMockupLocation('100%', new URLSearchParams()).unknownCategory).toBe('100%');
  });

  it('search, My templates, template and project live in the query', () => {
    const loc = parseMockupLocation('Bottles & Jugs', new URLSearchParams('q=%20amber%20&mine=1&template=t1&project_id=p9'));
    expect(loc).toEqual({ category: 'Bottles & Jugs', unknownCategory: null, keyword: 'amber', mine: true, templateId: 't1', projectId: 'p9' });
    expect(libraryHref({ category: 'Tubes', keyword: ' hand cream ', projectId: 'p9' })).toBe('/aimockup/Tubes?q=hand+cream&project_id=p9');
    expect(libraryHref({ mine: true })).toBe('/aimockup?mine=1');
    expect(studioHref({ category: 'Bottles & Jugs', templateId: 'bottles-1', projectId: null })).toBe('/aimockup/Bottles%20%26%20Jugs?template=bottles-1');
  });
});

describe('placement', () => {
  it('a design covers the area at scale 1, centred', () => {
    expect(coverSize({ width: 2000, height: 1000 }, { width: 900, height: 900 })).toEqual({ width: 2, height: 1 });
    expect(coverSize({ width: 1000, height: 1000 }, { width: 600, height: 1200 })).toEqual({ width: 2, height: 1 });
    expect(coverSize({ width: 500, height: 1000 }, { width: 1000, height: 1000 })).toEqual({ width: 1, height: 2 });
    expect(designBox(DEFAULT_PLACEMENT, { width: 1000, height: 1000 }, { width: 1000, height: 1000 })).toEqual({
      left: 0,
      top: 0,
      width: 100,
      height: 100,
      rotation: 0,
    });
    const moved = designBox({ scale: 0.5, offset_x: 0.25, offset_y: -0.25, rotation: 30 }, { width: 1000, height: 1000 }, { width: 1000, height: 1000 });
    expect(moved).toEqual({ left: 50, top: 0, width: 50, height: 50, rotation: 30 });
  });

  it('a drag moves the centre by fractions of the drawn area', () => {
    expect(dragPlacement(DEFAULT_PLACEMENT, 50, -20, { width: 500, height: 400 })).toEqual({ scale: 1, offset_x: 0.1, offset_y: -0.05, rotation: 0 });
    expect(dragPlacement(DEFAULT_PLACEMENT, 5000, 0, { width: 500, height: 400 }).offset_x).toBe(1);
  });

  it('keys: arrows 1 % (Shift 10 %), [ ] turn, + − resize, 0 back to the start; others are not ours', () => {
    expect(keyboardPlacement(DEFAULT_PLACEMENT, 'ArrowRight', false)?.offset_x).toBe(0.01);
    expect(keyboardPlacement(DEFAULT_PLACEMENT, 'ArrowUp', true)?.offset_y).toBe(-0.1);
    expect(keyboardPlacement(DEFAULT_PLACEMENT, '[', false)?.rotation).toBe(-1);
    expect(keyboardPlacement(DEFAULT_PLACEMENT, ']', true)?.rotation).toBe(15);
    expect(keyboardPlacement(DEFAULT_PLACEMENT, '+', false)?.scale).toBe(1.05);
    expect(keyboardPlacement(DEFAULT_PLACEMENT, '-', true)?.scale).toBe(0.8);
    expect(keyboardPlacement({ scale: 2, offset_x: 0.3, offset_y: 0, rotation: 9 }, '0', false)).toEqual(DEFAULT_PLACEMENT);
    expect(keyboardPlacement(DEFAULT_PLACEMENT, 'a', false)).toBeNull();
  });

  it('limits: scale 10–400 %, offsets ±1, rotation in (−180, 180]; nonsense becomes the default', () => {
    expect(zoomPlacement(DEFAULT_PLACEMENT, 100).scale).toBe(4);
    expect(zoomPlacement(DEFAULT_PLACEMENT, 0.001).scale).toBe(0.1);
    expect(normalizeRotation(190)).toBe(-170);
    expect(normalizeRotation(-180)).toBe(180);
    expect(clampPlacement({ scale: Number.NaN, offset_x: Number.POSITIVE_INFINITY, offset_y: 0, rotation: 0 })).toEqual(DEFAULT_PLACEMENT);
  });

  it('reads out in words', () => {
    expect(describePlacement({ scale: 1.25, offset_x: -0.1, offset_y: 0, rotation: 15 })).toBe('Size 125%, 10% left, centred down, turned 15 degrees.');
  });

  it('an undo snapshot is read back only when it is one of ours', () => {
    const edit = { placement: DEFAULT_PLACEMENT, material: null };
    expect(editStepOf({ before: edit, after: { ...edit, material: 'KRAFT' } })?.after.material).toBe('KRAFT');
    expect(editStepOf({ stroke: 1 })).toBeNull();
    expect(editStepOf(null)).toBeNull();
  });
});

describe('mockup messages', () => {
  it('reads mockupHandle, mockupGenerate, mockupCustom (made and failed) and error', () => {
    expect(mockupEffectOf(mockMsg.handle('r1', 'custom'))).toEqual({ kind: 'handle', recordId: 'r1', task: 'custom' });
    expect(mockupEffectOf(mockMsg.generate('r1', ['/a.jpg', '/a.jpg', '']))).toEqual({
      kind: 'results',
      recordId: 'r1',
      urls: ['/a.jpg'],
      templateId: 'boxes-tuck-end-1',
    });
    expect(mockupEffectOf(mockMsg.custom('r2', 'custom-1'))).toMatchObject({ kind: 'custom', templateId: 'custom-1' });
    expect(mockupEffectOf(mockMsg.customFailed('r2', 'No pack found.'))).toEqual({
      kind: 'customFailed',
      recordId: 'r2',
      reason: 'no_face',
      message: 'No pack found.',
    });
    expect(mockupEffectOf(mockMsg.error('r3', ''))).toMatchObject({ kind: 'error', recordId: 'r3' });
    expect(mockupEffectOf(mockMsg.generate('r1', ['/a.jpg'], { isloading: true }))).toBeNull();
  });

  it('image tool messages (the Edit image panel) are tools’, not renders: started, finished, found nothing', () => {
    const started = msg({
      project_id: 'mk1',
      type: 'mockupHandle',
      text: 'Enlarging the image…',
      data: { record_id: 't1', tool: 'upscale', task: 'image_tool' },
    });
    expect(mockupEffectOf(started)).toEqual({ kind: 'tool', recordId: 't1', running: true, urls: [] });
    const done = msg({ project_id: 'mk1', type: 'mockupHandle', data: { record_id: 't1', tool: 'upscale', imageUrls: ['/u.png'] } });
    expect(mockupEffectOf(done)).toEqual({ kind: 'tool', recordId: 't1', running: false, urls: ['/u.png'] });
    const erased = msg({ project_id: 'mk1', type: 'mockupErase', data: { record_id: 't2', tool: 'erase', imageUrls: ['/e.png'] } });
    expect(mockupEffectOf(erased)).toMatchObject({ kind: 'tool', running: false, urls: ['/e.png'] });
    const empty = msg({ project_id: 'mk1', type: 'mockupHandle', data: { record_id: 't3', tool: 'segment', imageUrls: [] } });
    expect(mockupEffectOf(empty)).toEqual({ kind: 'tool', recordId: 't3', running: false, urls: [] });
  });

  it('a finished record says what it made', () => {
    expect(recordOutcome(record({ status: 'done', data: { imageUrls: ['/x.jpg'], template_id: 't' } }))).toEqual({
      urls: ['/x.jpg'],
      templateId: 't',
      error: null,
    });
    expect(recordOutcome(record({ status: 'failed', error: 'No face found.' }))).toEqual({ urls: [], templateId: null, error: 'No face found.' });
  });
});

describe('saved setups and snapshots', () => {
  it('a saved setup is read back leniently; one the studio did not save is skipped', () => {
    expect(readSetup({ data: { template_id: 't', design_url: '/d.png', material: 'NOPE', placement: { scale: 9 } } })).toEqual({
      template_id: 't',
      category: null,
      design_url: '/d.png',
      design_source: 'material',
      design_label: 'Saved design',
      placement: { scale: 4, offset_x: 0, offset_y: 0, rotation: 0 },
      material: null,
    });
    expect(readSetup({ data: { preview: 'x' } })).toBeNull();
  });

  it('a snapshot is stored within the upload sizes (1024–2048 px)', () => {
    expect(snapshotSize(800, 600)).toEqual({ width: 1365, height: 1024 });
    expect(snapshotSize(3000, 2000)).toEqual({ width: 2048, height: 1365 });
    expect(snapshotSize(1200, 1200)).toEqual({ width: 1200, height: 1200 });
    expect(snapshotSize(4000, 1000)).toEqual({ width: 2048, height: 512 });
  });
});

describe('the library being rendered', () => {
  const list = (n: number) => MOCKUP_CATEGORIES.map((c, i) => ({ name: c.name, count: i === 0 ? n : 1 }));
  it('an empty category, or counts that grew a moment ago, mean the library is still being rendered', () => {
    expect(libraryRendering(undefined)).toBe(false);
    expect(libraryRendering({ list: list(0), total: 7, grewAt: 0, steady: 5 }, 100_000)).toBe(true);
    expect(libraryRendering({ list: list(1), total: 8, grewAt: 99_000, steady: 0 }, 100_000)).toBe(true);
    expect(libraryRendering({ list: list(1), total: 8, grewAt: 0, steady: 5 }, 100_000)).toBe(false);
  });

  it('counts are asked again until they were seen not to grow, even when no category is empty', () => {
    expect(countsUnsettled({ list: list(1), total: 8, grewAt: 0, steady: 0 }, 100_000)).toBe(true);
    expect(countsUnsettled({ list: list(1), total: 8, grewAt: 0, steady: 1 }, 100_000)).toBe(true);
    expect(countsUnsettled({ list: list(1), total: 8, grewAt: 0, steady: 2 }, 100_000)).toBe(false);
  });
});

describe('shortcuts', () => {
  const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) =>
    historyKey({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
  it('Ctrl/Cmd+Z undoes; Shift+Ctrl/Cmd+Z and Ctrl+Y redo; anything else is not ours', () => {
    expect(key('z', { ctrlKey: true })).toBe('undo');
    expect(key('z', { metaKey: true })).toBe('undo');
    expect(key('Z', { ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(key('z', { metaKey: true, shiftKey: true })).toBe('redo');
    expect(key('y', { ctrlKey: true })).toBe('redo');
    expect(key('z')).toBeNull();
    expect(key('z', { ctrlKey: true, altKey: true })).toBeNull();
  });
});

describe('Mockup this design: the template it opens on', () => {
  it("the library's first template showing the design's pack; else the first of Boxes; custom templates never", () => {
    const list = [
      template(1, { id: 'mine', custom: true, box_ids: [] }),
      template(2, { id: 'bottle', category: 'Bottles & Jugs', box_ids: [301] }),
      template(3, { id: 'box-a', box_ids: [101] }),
      template(4, { id: 'pair', category: 'Others', box_ids: [205, 101] }),
    ];
    expect(templateForBox(list, 205)?.id).toBe('pair');
    expect(templateForBox(list, 301)?.id).toBe('bottle');
    expect(templateForBox(list, 999)?.id).toBe('box-a');
    expect(templateForBox(list, 0)?.id).toBe('box-a');
    expect(templateForBox([template(5, { category: 'Tubes' })], 1)?.category).toBe('Tubes');
    expect(templateForBox([], 1)).toBeNull();
  });
});
