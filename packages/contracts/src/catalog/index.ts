export * from './categories.js';
export * from './boxes.js';
export * from './tags.js';
export { NON_TERM_PHRASES, createTermMatcher, normalizeTerm, stripNonTerms, type MatchableTerm, type MatcherOptions, type TermMatcher } from './match.js';
