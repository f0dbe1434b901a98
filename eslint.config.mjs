import drizzle from 'eslint-plugin-drizzle';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '.next/**',
      '.next-*/**',
      '.data*/**',
      'db/migrations/**',
      'next-env.d.ts',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // A delete or update without a where clause changes every row: never by accident. `db` and `tx` are the
    // names the services give the database and a transaction.
    plugins: { drizzle },
    rules: {
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },
  // The layers (docs/architecture.md): each rule says what a folder may not import, and why.
  {
    files: ['domain/**/*.ts', 'lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/*', '../*', '!../domain/*'],
              message:
                'domain/ and lib/ are leaves: they import nothing from the project, so every layer may use them.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@/server/*',
                '@/components/*',
                '@/app/*',
                '../**/server/*',
                '../**/components/*',
                '../**/app/*',
                '../**/scripts/*',
              ],
              message: 'db/ is below server/: it may use domain/ and lib/, never what sits on it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/routers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/*', '@/db/*'],
              allowTypeImports: true,
              message: 'Routers are thin: they call services, and services touch the database.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/server/(?!schemas/)|@/db/|(\\.\\./)+(server|db)/)',
              allowTypeImports: true,
              message:
                'The console runs in the browser: it may import the API schemas, types, domain/ and lib/, never server or database code.',
            },
          ],
        },
      ],
    },
  },
);
