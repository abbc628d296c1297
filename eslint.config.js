import js from '@eslint/js'
import jestDom from 'eslint-plugin-jest-dom'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import testingLibrary from 'eslint-plugin-testing-library'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-server/',
      '.variants/',
      'coverage/',
      'bench/',
      'node_modules/',
      'test/.artifacts/',
      '.work/',
      'smoke-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.tsx', 'pages/**/*.tsx', 'renderer/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // React DOM's client keeps a chunk (and a task) of its own only if nothing imports it statically:
    // browser code imports src/react-dom-client.ts with import() (see that file). This rule checks static
    // imports only; `import()` passes.
    files: ['src/**/*.{ts,tsx}', 'pages/**/*.{ts,tsx}', 'renderer/**/*.{ts,tsx}'],
    ignores: ['src/react-dom-client.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react-dom/client', message: "Use `await import('…/react-dom-client')` instead." }],
          patterns: [
            { group: ['**/react-dom-client'], message: 'Import it with import(), never statically.' },
          ],
        },
      ],
    },
  },
  {
    files: ['test/unit/**/*.{ts,tsx}'],
    ...testingLibrary.configs['flat/react'],
  },
  {
    files: ['test/unit/**/*.{ts,tsx}'],
    ...jestDom.configs['flat/recommended'],
  },
)
