/**
 * Finding catalogue terms in free text ("a kraft mailer box with leaves, minimalist"), shared by
 * the box, style, colour and keyword lists so the chat assistant and the web agree on what a
 * phrase means.
 */

/** Anything that can be recognised in text: its display name and extra phrases. */
export interface MatchableTerm {
  readonly name: string;
  readonly synonyms: readonly string[];
}

/** Lower case, ASCII-folded, punctuation turned into single spaces. */
export function normalizeTerm(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Everyday phrases whose words look like catalogue terms but are not: "can you" names no can,
 * "I love" no hearts, "white space" no galaxy, "sea salt" no ocean, "a pop of colour" no pop art.
 * Every matcher ignores them, so the assistant and the web read a message the same way.
 */
export const NON_TERM_PHRASES = [
  'i d love',
  'i would love',
  'would love',
  'love to',
  'love it',
  'love the',
  'we love',
  'i love',
  'you ll love',
  'customers love',
  'pop of colour',
  'pop of color',
  'pops of colour',
  'pops of color',
  'make it pop',
  'make them pop',
  'really pop',
  'pop out',
  'pop up',
  'no idea',
  'an idea',
  'the idea',
  'idea is',
  'white space',
  'negative space',
  'space for',
  'shelf space',
  'room for',
  'can you',
  'could you',
  'i can',
  'we can',
  'you can',
  'can i',
  'can we',
  'can it',
  'can be',
  'can do',
  'can t',
  'cannot',
  'sea salt',
  'lab tested',
  'lab grown',
  'in our lab',
  'key features',
  'look and feel',
  'at the top',
  'on top',
] as const;

const NON_TERM_RE = new RegExp(`(?:^| )(?:${[...NON_TERM_PHRASES].sort((a, b) => b.length - a.length).join('|')})(?= |$)`, 'g');

/** Normalised text with the non-term phrases blanked out (spaces kept single). */
export function stripNonTerms(normalized: string): string {
  return normalized.replace(NON_TERM_RE, ' ').replace(/ {2,}/g, ' ').trim();
}

function phrasePattern(phrase: string, plurals: boolean): RegExp | null {
  const words = normalizeTerm(phrase).split(' ').filter(Boolean);
  if (words.length === 0) return null;
  const body = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join(' ?');
  // A trailing plural is accepted ("pouches", "cups") but never a longer word ("cupcake").
  return new RegExp(`(?:^| )(${body}${plurals ? '(?:s|es)?' : ''})(?= |$)`, 'g');
}

interface Compiled<T> {
  readonly term: T;
  readonly patterns: readonly RegExp[];
}

/** A matcher over a fixed list; compile once, call often. */
export interface TermMatcher<T> {
  /** Terms found in `text`, each once, in order of first appearance. Longer phrases win over the shorter ones they contain. */
  find(text: string): T[];
  /** The term whose name or a synonym equals `text` (after normalisation), if any. */
  lookup(text: string): T | undefined;
}

export interface MatcherOptions {
  /**
   * Accept a trailing plural ("pouches" for pouch). Off for colours: "roses" are flowers, not the
   * colour rose, and nobody writes "blues" for one colour.
   */
  plurals?: boolean;
}

export function createTermMatcher<T extends MatchableTerm>(
  terms: readonly T[],
  extra?: (term: T) => readonly string[],
  options: MatcherOptions = {},
): TermMatcher<T> {
  const plurals = options.plurals ?? true;
  const exact = new Map<string, T>();
  const compiled: Compiled<T>[] = terms.map((term) => {
    const phrases = [term.name, ...term.synonyms, ...(extra ? extra(term) : [])];
    for (const p of phrases) {
      const key = normalizeTerm(p);
      if (key && !exact.has(key)) exact.set(key, term);
    }
    return { term, patterns: phrases.map((p) => phrasePattern(p, plurals)).filter((r): r is RegExp => r !== null) };
  });

  return {
    find(text) {
      const hay = stripNonTerms(normalizeTerm(text));
      if (!hay) return [];
      const hits: { start: number; end: number; term: T }[] = [];
      for (const { term, patterns } of compiled) {
        for (const re of patterns) {
          re.lastIndex = 0;
          for (let m = re.exec(hay); m; m = re.exec(hay)) {
            const word = m[1] ?? '';
            const start = m.index + (m[0].length - word.length);
            hits.push({ start, end: start + word.length, term });
          }
        }
      }
      hits.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
      const taken: { start: number; end: number; term: T }[] = [];
      for (const h of hits) {
        if (taken.some((t) => h.start < t.end && t.start < h.end)) continue;
        taken.push(h);
      }
      taken.sort((a, b) => a.start - b.start);
      const out: T[] = [];
      for (const t of taken) if (!out.includes(t.term)) out.push(t.term);
      return out;
    },
    lookup(text) {
      return exact.get(normalizeTerm(text));
    },
  };
}
