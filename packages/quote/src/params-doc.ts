import { describeParams } from './params.js';
import type { QuoteParams } from './params.js';

/*
 * The parameter table of docs/QUOTE-ENGINE.md is generated from the params object, between two
 * markers, so the doc cannot drift from the code (params-doc.test.ts checks it;
 * `node packages/quote/scripts/write-params-doc.mjs` rewrites it).
 */

export const PARAMS_BEGIN = '<!-- params:begin (generated from packages/quote/src/params.ts) -->';
export const PARAMS_END = '<!-- params:end -->';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function paramsMarkdownTable(params?: QuoteParams): string {
  const rows = describeParams(params).map((r) => `| \`${r.name}\` | ${cell(r.value)} | ${cell(r.unit)} | [${r.tag}] | ${cell(r.source)} |`);
  return ['| Name | Value | Unit | Tag | Source / why |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** The doc with its generated section replaced (markers kept). */
export function withParamsTable(doc: string, params?: QuoteParams): string {
  const start = doc.indexOf(PARAMS_BEGIN);
  const end = doc.indexOf(PARAMS_END);
  if (start < 0 || end < start) throw new Error('docs/QUOTE-ENGINE.md: the params markers are missing');
  // prettier-ignore keeps the table unpadded: the unit-cost tables are long JSON values, and padding
  // every row to their width would make the raw file unreadable.
  return `${doc.slice(0, start + PARAMS_BEGIN.length)}\n\n<!-- prettier-ignore -->\n${paramsMarkdownTable(params)}\n\n${doc.slice(end)}`;
}
