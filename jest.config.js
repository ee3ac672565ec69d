// Two projects: `unit` (beside the code, no server) and `e2e` (test/, boots the platform).
// SWC compiles TypeScript with decorator metadata (type-graphql needs it); jose ships ESM
// only, so it is compiled too, as is oauth4webapi (the OAuth client of the e2e tests).
const { existsSync, readdirSync } = require('node:fs');
const { join } = require('node:path');

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
/**
 * Each workspace package (`@dataplat/<name>`) mapped to its sources, read from the root
 * package.json's workspaces and each one's package.json: unit tests need no build.
 */
function workspaceSources() {
  const root = __dirname;
  const dirs = require('./package.json').workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return readdirSync(join(root, parent), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => `${parent}/${d.name}`);
  });
  return Object.fromEntries(
    dirs
      .filter((dir) => existsSync(join(root, dir, 'package.json')))
      .flatMap((dir) => {
        const name = require(join(root, dir, 'package.json')).name;
        // The package itself, and its subpath exports (e.g. @dataplat/billing/permissions).
        return [
          [`^${name}$`, `<rootDir>/${dir}/src`],
          [`^${name}/(.*)$`, `<rootDir>/${dir}/src/$1`],
        ];
      }),
  );
}

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
        ...workspaceSources(),
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
