import { describe, expect, it } from 'vitest';
import { DESCRIPTION_MAX, escapeHtml, ideaIdOfPath, ideaPageMeta, injectPageMeta } from './seo-meta.js';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Packsmith: packaging design, photo shoots, mockups and quotes with AI." />
    <title>Packsmith</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

const idea = {
  brand: 'Ember & Oak',
  product: 'Dark roast coffee beans',
  name: 'Ember',
  story: 'Small-batch dark roast from a Portland roastery. It should feel smoky, crafted and a little old-school.',
  cover_url: '/files/ideas/ember.png',
};

describe('ideaIdOfPath', () => {
  it('names the id of an idea page and nothing else', () => {
    expect(ideaIdOfPath('/design-ideas/project/abc_123-x')).toBe('abc_123-x');
    expect(ideaIdOfPath('/design-ideas/project/abc/')).toBe('abc');
    expect(ideaIdOfPath('/design-ideas/Food%20%26%20Beverages')).toBeNull();
    expect(ideaIdOfPath('/design-ideas/project/')).toBeNull();
    expect(ideaIdOfPath('/design-ideas/project/a/b')).toBeNull();
    expect(ideaIdOfPath('/design-ideas/project/%3Cscript%3E')).toBeNull();
    expect(ideaIdOfPath('/design-ideas/project/%E0%A4%A')).toBeNull();
    expect(ideaIdOfPath(`/design-ideas/project/${'x'.repeat(65)}`)).toBeNull();
  });
});

describe('ideaPageMeta', () => {
  it('titles the page by brand and product, describes it by its story and makes the cover absolute', () => {
    const meta = ideaPageMeta(idea, 'https://packsmith.example/design-ideas/project/p1');
    expect(meta.title).toBe('Ember & Oak Dark roast coffee beans packaging idea | Packsmith');
    expect(meta.description).toBe(idea.story);
    expect(meta.image).toBe('https://packsmith.example/files/ideas/ember.png');
  });

  it('cuts a long story at a word and falls back when brand, product or story is empty', () => {
    const long = ideaPageMeta({ ...idea, story: 'word '.repeat(100) }, 'https://x.example/design-ideas/project/p1');
    expect(long.description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(long.description.endsWith('word…')).toBe(true);
    const bare = ideaPageMeta({ brand: ' ', product: '', name: 'Mystery', story: '', cover_url: null }, 'https://x.example/design-ideas/project/p1');
    expect(bare.title).toBe('Mystery packaging idea | Packsmith');
    expect(bare.description).toBe('Mystery packaging designed with Packsmith.');
    expect(bare.image).toBeNull();
  });
});

describe('injectPageMeta', () => {
  it('replaces the default title and description and adds Open Graph tags inside <head>', () => {
    const html = injectPageMeta(INDEX, ideaPageMeta(idea, 'https://packsmith.example/design-ideas/project/p1'));
    expect(html).toContain('<title>Ember &#38; Oak Dark roast coffee beans packaging idea | Packsmith</title>');
    expect(html).not.toContain('<title>Packsmith</title>');
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain('<meta name="description" content="Small-batch dark roast from a Portland roastery.');
    expect(html).toContain('<meta property="og:image" content="https://packsmith.example/files/ideas/ember.png" />');
    expect(html).toContain('<meta property="og:title" content="Ember &#38; Oak Dark roast coffee beans packaging idea | Packsmith" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('og:url');
    expect(html).toContain('<div id="root"></div>');
  });

  it('escapes a hostile story and brand so they cannot leave the attribute or the title', () => {
    const evil = {
      ...idea,
      brand: '</title><script>alert(1)</script>',
      story: '" onload="alert(1)" x=\'<img src=x>`',
      cover_url: '/files/a.png"><script>',
    };
    const html = injectPageMeta(INDEX, ideaPageMeta(evil, 'https://x.example/design-ideas/project/p1'));
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('" onload="');
    expect(html).not.toContain('<img');
    expect(html.match(/<\/title>/g)).toHaveLength(1);
    expect(escapeHtml(`<>&"'\``)).toBe('&#60;&#62;&#38;&#34;&#39;&#96;');
  });

  it('a replacement text with $ patterns is inserted as written', () => {
    const html = injectPageMeta(INDEX, { title: "$& $' $1", description: '$`', url: 'https://x.example/p', image: null });
    expect(html).toContain('<title>$&#38; $&#39; $1</title>');
    expect(html).toContain('content="$&#96;"');
    expect(html).not.toContain('og:image');
  });

  it('adds a title and description to HTML that has none', () => {
    const html = injectPageMeta('<html><head></head><body></body></html>', { title: 'T', description: 'D', url: 'https://x.example/p', image: null });
    expect(html).toMatch(/<head><title>T<\/title>[\s\S]*<meta name="description" content="D" \/>[\s\S]*og:title[\s\S]*<\/head>/);
  });
});
