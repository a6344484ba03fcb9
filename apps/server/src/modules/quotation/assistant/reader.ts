/**
 * The message reader of the quotation chat: the local rules, or with LLM_BASE_URL the language
 * model extracting the selections as JSON (validated, then checked by the same readers), falling
 * back to the local rules on any failure.
 */
import type { SelectionName } from '@packsmith/contracts';
import { readMessage, type BoxSuggester, type TurnRead } from './dialogue.js';
import type { QuoteDraft } from './draft.js';
import { createLlmReader, type LlmReaderOptions } from './llm-reader.js';

export type Reader = (draft: QuoteDraft, text: string, asking: SelectionName | null) => Promise<TurnRead>;

export function createQuotationReader(opts: { suggest: BoxSuggester; llm: Omit<LlmReaderOptions, 'local'> | null }): Reader {
  const local: Reader = (draft, text, asking) => Promise.resolve(readMessage(draft, text, asking, opts.suggest));
  if (!opts.llm) return local;
  return createLlmReader({ ...opts.llm, local });
}
