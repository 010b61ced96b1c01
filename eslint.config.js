// Lint rules: typescript-eslint's type-checked recommended set; why it, and why each rule below is
// tuned, is in test/DECISIONS.md.
import eslint from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/', 'coverage/', 'tmp/', 'test/.readme-*/'] },
  eslint.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A leading underscore marks a binding left unused on purpose (as tsc's noUnused* read it).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      // Its findings are async generators that turn arrays into the AsyncIterable a reader takes.
      '@typescript-eslint/require-await': 'off',
      // Passing a caught error on unchanged is not inventing a non-Error reason.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      // The only enums are the CSV readers' column indexes (Cell), compared with column counts.
      '@typescript-eslint/no-unsafe-enum-comparison': 'off',
    },
  },
  {
    // vitest types its asymmetric matchers (expect.any, expect.stringMatching, ...) as any.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    // The HTTP tests read every response body and stream event as parsed JSON typed `any`
    // (Reply.json, SseEvent.data, ccxt's `info`) and check it with expect.
    files: ['test/http/**', 'test/binance/**'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  { files: ['**/*.js'], extends: [tseslint.configs.disableTypeChecked] },
);
