// Two projects: `unit` (beside the code, no server) and `e2e` (test/, boots the platform).
// SWC compiles TypeScript with decorator metadata (type-graphql needs it); jose ships ESM
// only, so it is compiled too, as is oauth4webapi (the OAuth client of the e2e tests).
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};
const common = {
  transform,
  transformIgnorePatterns: ['/node_modules/(?!(jose|oauth4webapi)/)'],
};

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/{packages,prisma,subgraphs,gateway,rest-facade}/**/src/**/*.test.ts'],
      moduleNameMapper: {
        '^@dataplat/kit$': '<rootDir>/packages/kit/src',
        '^@dataplat/launcher$': '<rootDir>/packages/launcher/src',
        '^@dataplat/db$': '<rootDir>/prisma/src',
        '^@dataplat/identity$': '<rootDir>/subgraphs/identity/src',
        // Identity seeds the permissions every domain declares beside its code.
        '^@dataplat/(audit|billing|config|notification|tenant)/permissions$': '<rootDir>/subgraphs/$1/src/permissions',
        // Each domain declares its error codes in src/errors.ts; others raise or compare them.
        '^@dataplat/(audit|billing|config|identity|notification|tenant)/errors$': '<rootDir>/subgraphs/$1/src/errors',
        '^@dataplat/tenant$': '<rootDir>/subgraphs/tenant/src',
        '^@dataplat/config$': '<rootDir>/subgraphs/config/src',
        '^@dataplat/notification$': '<rootDir>/subgraphs/notification/src',
        '^@dataplat/billing$': '<rootDir>/subgraphs/billing/src',
        '^@dataplat/audit$': '<rootDir>/subgraphs/audit/src',
        '^@dataplat/gateway$': '<rootDir>/gateway/src',
        '^@dataplat/rest-facade$': '<rootDir>/rest-facade/src',
        // The generated Prisma client imports its siblings as './x.js'; from source they are .ts.
        '^(\\.{1,2}/.*)\\.js$': '$1',
      },
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e.test.ts'],
      moduleNameMapper: {},
      setupFilesAfterEnv: ['<rootDir>/test/harness/setup.ts'],
    },
  ],
};
