// One linter for every workspace; formatting is Prettier's job (eslint-config-prettier turns clashing rules off).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'reports/**',
      'e2e/artifacts/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/console/**/*.{ts,tsx}', 'apps/extension/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Configuration is read once, in the config module of each app (STYLE.md habit 7).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/config.' },
      ],
    },
  },
  {
    files: [
      '**/scripts/**',
      '**/*.config.{ts,js}',
      '.ci/**',
      'e2e/**',
      '**/test/**',
      '**/*.test.{ts,tsx}',
    ],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
