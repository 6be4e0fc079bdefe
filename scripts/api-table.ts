/** Rewrites docs/api.md's API table from the routes (`npm run docs:api`). */
import fs from 'node:fs';
import { apiTable, withTable } from '../src/server/api/apiTable.ts';
import { API_VERSION, createApi } from '../src/server/api/app.ts';
import { openApiDocument } from '../src/server/api/openapi.ts';

const readme = new URL('../docs/api.md', import.meta.url);
const table = apiTable(openApiDocument(createApi(), { version: API_VERSION }));
fs.writeFileSync(readme, withTable(fs.readFileSync(readme, 'utf8'), table));
console.log('docs/api.md: API table written');
