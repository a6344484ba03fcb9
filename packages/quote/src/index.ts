/** The quotation cost engine: pure, from the design engine's dielines and one editable parameter table (docs/QUOTE-ENGINE.md). */
export * from './types.js';
export { computeQuote, evaluateQuote, roundLines, type Evaluation, type QuoteOptions } from './engine.js';
export { DEFAULT_QUOTE_PARAMS, describeParams, resolveParams, type Evidence, type Param, type QuoteParamOverrides, type QuoteParams } from './params.js';
export { resolveBox, materialsFor, ruleLengthM, dielineOverrides } from './box.js';
export { impose, imposeOnSheet, type Imposition } from './imposition.js';
export { checkFreightParams } from './freight.js';
