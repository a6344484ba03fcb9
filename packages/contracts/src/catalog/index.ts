export * from './categories.js';
export * from './boxes.js';
export * from './tags.js';
export { createTermMatcher, normalizeTerm, type MatchableTerm, type TermMatcher } from './match.js';
