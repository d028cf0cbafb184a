import path from 'node:path';

/**
 * Vitest reporters for every workspace: the default one, plus (in CI) a JSON report per
 * workspace and database mode that .ci/summarize-tests.mjs adds up into one closing line.
 */
export function reporters(workspace: string) {
  if (!process.env.CI) return ['default'];
  const mode = process.env.TEST_DATABASE_URL ? 'postgres' : 'embedded';
  const outputFile = path.resolve(
    import.meta.dirname,
    '.tmp',
    'test-results',
    `${workspace}-${mode}.json`,
  );
  return ['default', ['json', { outputFile }]] as ['default', ['json', { outputFile: string }]];
}
