import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// `import { z } from 'zod'` materialises zod's whole namespace (every locale included): ≈450 KB in each Lambda
// bundle instead of ≈85 KB. The namespace import lets esbuild and Rollup keep only what is used.
const zodNamespaceOnly = {
  selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier[imported.name='z']",
  message: "Use `import * as z from 'zod'`: the named `z` export defeats tree-shaking.",
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'cdk.out',
      'dist',
      'frontend/dist',
      'frontend/.ssr*',
      '.local-data',
      '.test-data',
      '.scratch',
      'coverage',
      'test-results',
      '.stryker-tmp',
      'reports',
      '.bench',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', zodNamespaceOnly],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features meet only in routes: no feature imports another feature.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/*/**'], message: 'Import features only from app/routes.' }] },
      ],
    },
  },
  {
    // Routes are the one place features meet (STYLE.md).
    files: ['frontend/src/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['domain/**/*.ts'],
    rules: {
      // The domain module is pure: no AWS, no React.
      'no-restricted-imports': [
        'error',
        { patterns: ['@aws-sdk/*', 'react', 'react-*', 'aws-amplify', 'aws-cdk-lib', 'aws-cdk-lib/*'] },
      ],
    },
  },
);
