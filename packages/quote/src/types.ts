import type { FactoryProcess, Quote, QuoteRequest } from '@packsmith/contracts';

/**
 * What the engine answers: the wire quote without what the server adds (saved id, validity date,
 * the factories that fit), plus what the server needs to pick those factories.
 */
export type EngineQuote = Omit<Quote, 'quote_id' | 'valid_until' | 'factories'> & {
  /** The processes a factory must offer to make this order (e.g. ['offset'] or ['corrugated', 'digital']). */
  readonly factory_processes: readonly FactoryProcess[];
};

export type { QuoteRequest };

/** A request the engine cannot price; `field` is the input field at fault (answered as code 400 naming it). */
export class QuoteInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'QuoteInputError';
  }
}
