import { describe, expect, it } from 'vitest';
import { ROUTES } from '@packsmith/contracts';
import { originField, pageViewInput, requiresSession, routeHref, stickyQuery, takeTokenParam, wantsLoginPrompt, withStickyQuery } from './nav-rules';

describe('sticky query values (SPEC §2)', () => {
  it('keeps ref and utm_source on internal links', () => {
    expect(withStickyQuery('/pricing', '?ref=wiki&utm_source=news&x=1')).toBe('/pricing?ref=wiki&utm_source=news');
    expect(withStickyQuery('/design-chat?pid=7#top', '?ref=a')).toBe('/design-chat?pid=7&ref=a#top');
  });

  it('lets the link set its own values and leaves external links alone', () => {
    expect(withStickyQuery('/x?ref=own', '?ref=a&utm_source=b')).toBe('/x?ref=own&utm_source=b');
    expect(withStickyQuery('https://example.com/', '?ref=a')).toBe('https://example.com/');
    expect(withStickyQuery('/x', '?other=1')).toBe('/x');
  });

  it('reads only the sticky keys', () => {
    expect(stickyQuery('?ref=r&utm_source=u&utm_medium=m')).toEqual({ ref: 'r', utm_source: 'u' });
    expect(originField('?ref=r&utm_source=u')).toBe('ref=r&utm_source=u');
    expect(originField('')).toBe('');
  });
});

describe('token parameter (SPEC §2)', () => {
  it('takes the token and gives the same URL without it', () => {
    expect(takeTokenParam(new URL('http://h/my_project?token=abc&ref=x#h'))).toEqual({ token: 'abc', cleanPath: '/my_project?ref=x#h' });
    expect(takeTokenParam(new URL('http://h/?token=abc'))).toEqual({ token: 'abc', cleanPath: '/' });
    expect(takeTokenParam(new URL('http://h/?ref=x'))).toBeNull();
  });
});

describe('other rules', () => {
  it('waits for a session on /my_project', () => {
    expect(requiresSession('/my_project')).toBe(true);
    expect(requiresSession('/my_project/abc')).toBe(true);
    expect(requiresSession('/my_projects')).toBe(false);
    expect(requiresSession('/projectList')).toBe(false);
  });

  it('origin=wiki asks for the login dialog', () => {
    expect(wantsLoginPrompt('?origin=wiki')).toBe(true);
    expect(wantsLoginPrompt('?origin=blog')).toBe(false);
  });

  it('page views carry route name, path, referrer and the sticky values', () => {
    expect(pageViewInput('pricing', { pathname: '/pricing', search: '?ref=r' }, 'http://h/')).toEqual({
      route_name: 'pricing',
      path: '/pricing',
      referrer: 'http://h/',
      ref: 'r',
    });
  });

  it('every route has an href without its optional tail', () => {
    expect(routeHref('category')).toBe('/design-ideas');
    expect(routeHref('home')).toBe('/');
    expect(ROUTES.map((r) => routeHref(r.name)).every((h) => h.startsWith('/') && !h.includes('*'))).toBe(true);
  });
});
