/** Writes /schema.graphql from the resolvers (run by `npm run codegen` and `npm run check`). */
import fs from 'node:fs';
import path from 'node:path';
import { buildGraphQLSchema, printSortedSchema } from './schema.js';

const target = path.resolve(import.meta.dirname, '../../../schema.graphql');
fs.writeFileSync(target, printSortedSchema(await buildGraphQLSchema()));
console.log(`Wrote ${path.relative(process.cwd(), target)}`);
