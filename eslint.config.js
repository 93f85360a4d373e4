import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';

// The web app's layers: src/app/ combines features into screens, each folder of src/features/ is
// one feature, and shared code (components/, lib/, hooks/, prerender/) serves them all. Imports
// only go down (app -> features -> shared), so a feature can change or go without touching
// another. The rule reads import paths as written, relative or through the #web/ alias.
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const intoApp = {
  regex: '^(?:#web/|(?:\\.\\./)+)app/',
  caseSensitive: true,
  message:
    'src/app/ combines features into screens and nothing below it imports it (app -> features -> shared). Pass what this needs in as props, or move it down into shared code.',
};
const intoFeatures = {
  regex: '^(?:#web/|(?:\\.\\./)+)features/',
  caseSensitive: true,
  message:
    'Shared code (components/, lib/, hooks/, prerender/) serves every feature and imports none (app -> features -> shared). Move what both need into shared code.',
};
/** Relative paths are matched by the other features' names, since they may not spell features/. */
const intoOtherFeature = (feature) => ({
  regex: `^(?:#web/features/|(?:\\.\\./)+(?:features/)?)(?!${feature}/)(?:${webFeatures.join('|')})/`,
  caseSensitive: true,
  message: `Features do not import each other, and ${feature} is one (app -> features -> shared). Move what they share into shared code (components/, lib/, hooks/), or combine them in a screen in src/app/.`,
});
const restrictImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/web/src/{components,lib,hooks,prerender}/**/*.{ts,tsx}'],
    rules: restrictImports(intoApp, intoFeatures),
  },
  ...webFeatures.flatMap((feature) => [
    {
      files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
      rules: restrictImports(intoOtherFeature(feature), intoApp),
    },
    {
      // Tests of a feature's screens may render them inside the app's own route table.
      files: [`apps/web/src/features/${feature}/**/*.test.{ts,tsx}`],
      rules: restrictImports(intoOtherFeature(feature)),
    },
  ]),
  {
    files: ['bench/**', 'scripts/**', 'e2e/**', 'apps/cli/**', '**/*-cli.ts'],
    rules: { 'no-console': 'off' },
  },
);
