import { describe, expect, it } from 'vitest';
import { boxBySlug } from '@packsmith/contracts';
import { BRIEF_LIMITS } from '@packsmith/contracts';
import {
  boxIdOf,
  briefIsReady,
  briefOfProject,
  designsMetaOf,
  fitText,
  likedSignals,
  projectPatchOfBrief,
  selectedBoxFirst,
  type DesignMeta,
} from './design-brief.js';

const mailer = boxBySlug('mailer-box');
const rte = boxBySlug('reverse-tuck-end');

function meta(layout: string, palette: string[]): DesignMeta {
  return {
    layout_id: layout,
    palette,
    product: 'oat milk',
    brand: 'Nova',
    style: [],
    color: [],
    element: [],
    box_id: 101,
    seed: 1,
    record_id: 'r',
    prompt_index: 0,
    front_url: '/f.png',
    dieline_url: '/d.svg',
  };
}

describe('design brief on the project', () => {
  it('reads the brief from the row, box id from data.box_id or else the first box the list names', () => {
    const row = {
      product: 'oat milk',
      brand: 'Nova',
      logo: '',
      box: ['mailer box', 'tuck box'],
      element: ['oats'],
      style: ['organic'],
      color: ['green'],
      data: {},
    };
    expect(briefOfProject(row)).toEqual({
      product: 'oat milk',
      brand: 'Nova',
      box: ['mailer box', 'tuck box'],
      box_id: mailer?.id,
      element: ['oats'],
      style: ['organic'],
      color: ['green'],
      logo: '',
    });
    expect(briefOfProject({ ...row, data: { box_id: rte?.id } }).box_id).toBe(rte?.id);
    expect(boxIdOf(['no such thing'], 99999)).toBe(0);
  });

  it('puts the selected box first, once, and keeps the others (SPEC §4 box selection)', () => {
    expect(selectedBoxFirst(['reverse-tuck-end', 'mailer-box', 'mailer-box'], mailer?.id ?? -1)).toEqual({
      box: ['mailer-box', 'reverse-tuck-end'],
      box_id: mailer?.id,
    });
    expect(selectedBoxFirst(['reverse-tuck-end'], mailer?.id ?? -1)).toEqual({ box: ['mailer-box', 'reverse-tuck-end'], box_id: mailer?.id });
    expect(selectedBoxFirst(['Mailer Box (FEFCO 0427)', 'reverse-tuck-end'], mailer?.id ?? -1).box).toEqual(['Mailer Box (FEFCO 0427)', 'reverse-tuck-end']);
    expect(selectedBoxFirst(['  ', 'unknown pack'], 0)).toEqual({ box: ['unknown pack'], box_id: 0 });
  });

  it('saves the brief as columns plus data.box_id, trimmed and without repeats', () => {
    const { patch, data } = projectPatchOfBrief({
      product: ' oat milk ',
      brand: 'Nova ',
      box: ['reverse-tuck-end'],
      box_id: mailer?.id ?? 0,
      element: ['oats', 'oats'],
      style: ['organic'],
      color: ['green'],
      logo: '',
    });
    expect(patch).toEqual({
      product: 'oat milk',
      brand: 'Nova',
      logo: '',
      box: ['mailer-box', 'reverse-tuck-end'],
      element: ['oats'],
      style: ['organic'],
      color: ['green'],
    });
    expect(data).toEqual({ box_id: mailer?.id });
  });

  it('keeps an over-long brief within the engine limits, cutting at word boundaries', () => {
    const longBrand = 'The Very Long Brand Name '.repeat(6);
    const { patch } = projectPatchOfBrief({
      product: 'tea '.repeat(50),
      brand: longBrand,
      box: [],
      box_id: 0,
      element: Array.from({ length: 30 }, (_, i) => `leaf ${i}`),
      style: ['x'.repeat(90)],
      color: ['green'],
      logo: '',
    });
    const brand = patch.brand ?? '';
    const product = patch.product ?? '';
    expect(brand.length).toBeLessThanOrEqual(BRIEF_LIMITS.brand);
    expect(longBrand.startsWith(brand)).toBe(true);
    expect(brand.endsWith(' ')).toBe(false);
    expect(product.length).toBeLessThanOrEqual(BRIEF_LIMITS.product);
    expect(patch.element).toHaveLength(BRIEF_LIMITS.tags);
    expect(patch.style?.[0]).toHaveLength(BRIEF_LIMITS.tag);
    expect(fitText('  Kumo   Tea  ', 80)).toBe('Kumo Tea');
  });

  it('is ready with a product and a brand', () => {
    expect(briefIsReady({ product: 'tea', brand: 'Kumo' })).toBe(true);
    expect(briefIsReady({ product: 'tea', brand: '  ' })).toBe(false);
  });
});

describe('liked signals', () => {
  const data = {
    designs_meta: {
      '/a.png': meta('hero-band', ['#111111', '#c9a227']),
      '/b.png': meta('split', ['#ffffff']),
      '/c.png': meta('hero-band', ['#111111', '#c9a227']),
      '/bad.png': { layout_id: 3 },
    },
  };

  it('lists the best pick first, then likes, without repeats, skipping dislikes and unknown images', () => {
    const liked = likedSignals({ likeList: ['/c.png', '/b.png', '/elsewhere.png', '/a.png'], likeBest: '/b.png', dislikeList: ['/a.png'], data });
    expect(liked).toEqual({ layouts: ['split', 'hero-band'], palettes: [['#ffffff'], ['#111111', '#c9a227']] });
  });

  it('drops malformed meta entries', () => {
    expect(Object.keys(designsMetaOf(data))).toEqual(['/a.png', '/b.png', '/c.png']);
    expect(designsMetaOf({ designs_meta: [1, 2] })).toEqual({});
    expect(likedSignals({ likeList: [], likeBest: null, dislikeList: [], data: {} })).toEqual({ layouts: [], palettes: [] });
  });
});
