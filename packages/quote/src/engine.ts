import type { EngineQuote, QuoteRequest } from './types.js';

/** Placeholder until the engine lands (this session): the signature the server codes against. */
export function computeQuote(_request: QuoteRequest): EngineQuote {
  throw new Error('computeQuote: not implemented yet');
}
