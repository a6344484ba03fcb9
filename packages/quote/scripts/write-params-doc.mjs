// Rewrites the generated parameter table of docs/QUOTE-ENGINE.md from packages/quote/src/params.ts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const file = path.join(root, 'docs/QUOTE-ENGINE.md');
const { withParamsTable } = await tsImport('../src/params-doc.ts', import.meta.url);
fs.writeFileSync(file, withParamsTable(fs.readFileSync(file, 'utf8')));
console.log(`wrote ${path.relative(root, file)}`);
