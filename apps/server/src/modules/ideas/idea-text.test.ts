import { describe, expect, it } from 'vitest';
import { canonicalTag, foldText, parseQuery, productWords, searchTexts } from './idea-text.js';

describe('folding', () => {
  it('folds case, accents, ligatures and punctuation, and keeps every script', () => {
    expect(foldText('Crème Brûlée')).toBe('creme brulee');
    expect(foldText('ŁÓDŹ Straße')).toBe('lodz strasse');
    expect(foldText('Ｆｕｌｌ－ｗｉｄｔｈ')).toBe('full width');
    expect(foldText('Ember & Oak — dark roast!')).toBe('ember oak dark roast');
    expect(foldText('抹茶 ラテ')).toBe('抹茶 ラテ');
    expect(foldText('🍫🍫')).toBe('');
    expect(foldText('e\u0301te\u0301')).toBe('ete');
  });

  it('stores tags as catalogue slugs where the catalogue knows them', () => {
    expect(canonicalTag('Boho')).toBe('bohemian');
    expect(canonicalTag('navy blue')).toBe('navy');
    expect(canonicalTag('Sakura')).toBe('cherry-blossoms');
    expect(canonicalTag('Café Noir')).toBe('cafe-noir');
    expect(productWords('Honey & almond granola for kids, 500 g')).toEqual(['honey', 'almond', 'granola', 'kids']);
  });

  it('pads search text so whole words and whole tags can be matched', () => {
    expect(searchTexts({ brand: 'Ember & Oak', product: 'Café', name: '', tags: ['art-deco', 'gold'], story: 'Smoky!' })).toEqual({
      searchNames: ' ember oak cafe ',
      searchTags: '| art deco | gold |',
      searchStory: ' smoky ',
    });
  });
});

describe('queries', () => {
  it('reads words with what the catalogue reads them as', () => {
    const q = parseQuery('Boho  Serum serum');
    expect(q?.words).toEqual([{ alternatives: ['boho', 'bohemian'] }, { alternatives: ['serum'] }]);
    expect(q?.phrase).toBe('boho serum serum');
    expect(parseQuery('cherry blossom')?.phraseTags).toEqual(['cherry blossoms']);
  });

  it('has nothing to search in empty, emoji-only or punctuation-only keywords', () => {
    expect(parseQuery('')).toBeNull();
    expect(parseQuery(undefined)).toBeNull();
    expect(parseQuery('🍫 ✨')).toBeNull();
    expect(parseQuery('%_\\')).toBeNull();
  });

  it('reads at most eight words', () => {
    expect(parseQuery('a b c d e f g h i j')?.words).toHaveLength(8);
  });
});
