/** The quotation cost engine: pure, from the design engine's dielines and one editable parameter table (docs/QUOTATION.md). */
export * from './types.js';
export { computeQuote } from './engine.js';
