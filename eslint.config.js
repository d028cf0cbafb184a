import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The corpus (server/src/modules/corpus) owns sources' documents, chunks, embeddings, term
// statistics and ACL principals: no SQL over those tables, no repository of their entities and
// no import of its internals anywhere else (docs/DESIGN.md, "The corpus").
const CORPUS_TABLES =
  'documents|chunks|chunk_embeddings|source_principals|search_term_stats|search_workspace_stats|source_document_counts';
const CORPUS_SQL = `/\\b(FROM|JOIN|INTO|UPDATE|TABLE)\\s+"?(${CORPUS_TABLES})\\b/i`;
const CORPUS_ENTITIES =
  '/^(SourceDocument|Chunk|ChunkEmbedding|SourcePrincipal|SearchTermStat|SearchWorkspaceStat)$/';
const CORPUS_INTERNALS = {
  regex: '(^|/)corpus/(?!index\\.js$)',
  message: 'Import the corpus through modules/corpus/index.js only.',
};
const corpusBoundary = {
  files: ['server/src/**/*.ts'],
  ignores: ['server/src/modules/corpus/**', 'server/src/db/migrations/**', '**/*.test.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: `Literal[value=${CORPUS_SQL}]`,
        message: 'SQL over the corpus tables belongs in modules/corpus: call a corpus operation.',
      },
      {
        selector: `TemplateElement[value.raw=${CORPUS_SQL}]`,
        message: 'SQL over the corpus tables belongs in modules/corpus: call a corpus operation.',
      },
      {
        selector: `CallExpression[callee.property.name='getRepository'] > Identifier[name=${CORPUS_ENTITIES}]`,
        message: "The corpus' entities are read and written in modules/corpus only.",
      },
    ],
    'no-restricted-imports': ['error', { patterns: [CORPUS_INTERNALS] }],
  },
};

// The direction modules import in (docs/DESIGN.md, "Dependency direction"): a module imports
// only modules of the layers below its own, so no two modules ever import each other.
const MODULE_LAYERS = [
  ['identity'],
  ['notifications', 'policies'],
  ['corpus'],
  ['audit', 'conversations'],
  ['access', 'api-keys', 'provider-keys'],
  ['auth', 'connectors'],
  ['account', 'linked-accounts', 'members', 'sources'],
  ['scim', 'search', 'sso'],
  ['bots'],
  ['slack'],
];
// A module folder without a layer is a mistake: say so before linting anything.
const unplaced = readdirSync(new URL('./server/src/modules/', import.meta.url)).filter(
  (m) => !MODULE_LAYERS.flat().includes(m),
);
if (unplaced.length > 0)
  throw new Error(`eslint.config.js: put modules/${unplaced.join(', ')} in MODULE_LAYERS`);
const layering = MODULE_LAYERS.flatMap((layer, level) =>
  layer.map((module) => {
    const above = MODULE_LAYERS.slice(level)
      .flat()
      .filter((m) => m !== module);
    const patterns = [
      {
        regex: `^(\\.\\./)+(${above.join('|')})/`,
        message: `modules/${module} stands below these modules: it may import only layers under its own (eslint.config.js MODULE_LAYERS).`,
      },
    ];
    if (module !== 'corpus') patterns.push(CORPUS_INTERNALS);
    return {
      files: [`server/src/modules/${module}/**/*.ts`],
      ignores: ['**/*.test.ts'],
      rules: { 'no-restricted-imports': ['error', { patterns }] },
    };
  }),
);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'client/src/graphql/types.ts',
      '**/*.generated.ts',
      'e2e/screenshots/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  corpusBoundary,
  ...layering,
  {
    // Tests read untyped JSON bodies and GraphQL results.
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
