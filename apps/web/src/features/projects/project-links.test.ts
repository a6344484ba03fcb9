import { describe, expect, it } from 'vitest';
import { filtersFromSearch, hasFilters, projectHref, projectSubtitle, projectTitle, searchWithFilters } from './project-links';

describe('project filters in the URL', () => {
  it('reads type, q and sort; unknown values count as none', () => {
    expect(filtersFromSearch(new URLSearchParams('type=mockup&q=%20tea%20&sort=name'))).toEqual({ type: 'mockup', q: 'tea', sort: 'name' });
    expect(filtersFromSearch(new URLSearchParams('type=poster&sort=size'))).toEqual({ type: null, q: '', sort: 'updated' });
    expect(filtersFromSearch(new URLSearchParams(`q=${'x'.repeat(150)}`)).q).toHaveLength(100);
  });

  it('writes only what differs from the defaults and keeps other values (ref, utm_source)', () => {
    const base = new URLSearchParams('ref=wiki&type=design&q=tea');
    expect(searchWithFilters(base, { sort: 'updated' }).toString()).toBe('ref=wiki&type=design&q=tea');
    expect(searchWithFilters(base, { sort: 'oldest' }).get('sort')).toBe('oldest');
    expect(searchWithFilters(base, { type: null, q: '  ' }).toString()).toBe('ref=wiki');
    expect(base.toString()).toBe('ref=wiki&type=design&q=tea');
  });

  it('knows when filters are set (sort is not a filter)', () => {
    expect(hasFilters({ type: null, q: '', sort: 'name' })).toBe(false);
    expect(hasFilters({ type: 'design', q: '', sort: 'updated' })).toBe(true);
    expect(hasFilters({ type: null, q: 'x', sort: 'updated' })).toBe(true);
  });
});

describe('project cards', () => {
  it('opens each type on its own screen, ids encoded', () => {
    expect(projectHref({ project_id: 'a b', type: 'design' })).toBe('/design-chat?pid=a%20b');
    expect(projectHref({ project_id: 'm1', type: 'mockup' })).toBe('/aimockup?project_id=m1');
    expect(projectHref({ project_id: 'e1', type: 'ai_editor' })).toBe('/editor?project_id=e1');
    expect(projectHref({ project_id: 'n1', type: 'nutrition' })).toBe('/tools/nutrition-label-generator?project_id=n1');
  });

  it('titles by name, else brand · product; the subtitle only when it adds something', () => {
    expect(projectTitle({ name: 'Night Owl', brand: 'Owl', product: 'Coffee' })).toBe('Night Owl');
    expect(projectTitle({ name: '', brand: 'Owl', product: 'Coffee' })).toBe('Owl · Coffee');
    expect(projectTitle({ name: '', brand: '', product: '' })).toBe('Untitled project');
    expect(projectSubtitle({ name: 'Night Owl', brand: 'Owl', product: 'Coffee' })).toBe('Owl · Coffee');
    expect(projectSubtitle({ name: '', brand: 'Owl', product: 'Coffee' })).toBe('');
  });
});
