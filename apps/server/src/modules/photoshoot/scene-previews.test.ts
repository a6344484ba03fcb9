import { describe, expect, it } from 'vitest';
import type { SceneTemplate } from '@packsmith/contracts';
import { previewRecord, previewsOf, replacePreviews, withPreviews, type ScenePreview } from './scene-previews.js';

const preview = (n: number, replaced_by: string | null = null, family: ScenePreview['family'] = 'wood'): ScenePreview => ({
  id: `preview_r_${n}`,
  name: 'Wood · preview',
  family,
  category: 'surface',
  colors: ['#8a5a33'],
  color_tags: ['brown'],
  image_url: `/files/u/a/${n}.png`,
  thumbnail_url: `/files/u/a/${n}.png`,
  width: 1024,
  height: 1024,
  light: { azimuth: 60, elevation: 45, hardness: 0.5 },
  floor_y: 0.78,
  replaced_by,
});

describe('scene previews in project data', () => {
  it('reads only well-formed entries', () => {
    expect(previewsOf(null)).toEqual([]);
    expect(previewsOf({ scene_previews: 'no' })).toEqual([]);
    expect(previewsOf({ scene_previews: [preview(1), { image_url: 'x' }, preview(2, '/files/u/_scenes/w.png')] })).toEqual([
      preview(1),
      preview(2, '/files/u/_scenes/w.png'),
    ]);
  });

  it('adds new previews last, once per image, keeping the newest 30', () => {
    const old = Array.from({ length: 30 }, (_, i) => preview(i));
    const next = withPreviews({ scene_previews: old }, [preview(5), preview(40)]);
    expect(next).toHaveLength(30);
    expect(next.slice(-2)).toEqual([preview(5), preview(40)]);
    expect(next.filter((p) => p.image_url === preview(5).image_url)).toHaveLength(1);
    expect(next[0]).toEqual(preview(1));
  });

  it('a preview travels as a plain scene template record', () => {
    const record: SceneTemplate = previewRecord(preview(1, 'x'));
    expect(record).not.toHaveProperty('replaced_by');
    expect(record.floor_y).toBe(0.78);
  });
});

describe('replacing previews by curated scenes', () => {
  const wood = preview(1);
  const linen = preview(2, null, 'linen');
  const sand = preview(3, null, 'sand');
  const older = preview(4, null, 'wood');
  const data = {
    scene_previews: [older, wood, linen, sand],
    recommend_background: [wood.image_url, '/files/u/_scenes/marble.png', linen.image_url, sand.image_url],
  };

  it('puts each curated scene in its preview’s place, marks every preview of a curated family, keeps the others', () => {
    const curated = new Map([
      ['wood', '/files/u/_scenes/wood.png'],
      ['linen', '/files/u/_scenes/marble.png'],
    ] as const);
    const out = replacePreviews(data, curated);
    // Linen's curated scene is recommended already: the linen preview just goes.
    expect(out?.recommend).toEqual(['/files/u/_scenes/wood.png', '/files/u/_scenes/marble.png', sand.image_url]);
    expect(out?.previews.map((p) => [p.id, p.replaced_by])).toEqual([
      [older.id, '/files/u/_scenes/wood.png'],
      [wood.id, '/files/u/_scenes/wood.png'],
      [linen.id, '/files/u/_scenes/marble.png'],
      [sand.id, null],
    ]);
    // Once replaced, the same families find nothing to do.
    expect(replacePreviews({ ...data, scene_previews: out?.previews, recommend_background: out?.recommend }, curated)).toBeNull();
  });

  it('marks previews no longer recommended without touching the recommendations; nothing curated: nothing to do', () => {
    const out = replacePreviews({ scene_previews: [older], recommend_background: ['/files/u/a/new.png'] }, new Map([['wood', '/files/u/_scenes/wood.png']]));
    expect(out).toEqual({ previews: [{ ...older, replaced_by: '/files/u/_scenes/wood.png' }], recommend: null });
    expect(replacePreviews(data, new Map())).toBeNull();
  });
});
