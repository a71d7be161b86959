import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'coverage', 'out', 'tmp-scratch'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='Math'][property.name='random']",
          message: 'Use the seeded RNG (src/core/rng.ts).',
        },
        {
          selector: "NewExpression[callee.name='Date']",
          message: 'Rules are pure: no clocks in core or games.',
        },
      ],
    },
  },
  {
    files: ['src/cli/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['bin/**/*.js'],
    languageOptions: { globals: { process: 'readonly' } },
  },
);
