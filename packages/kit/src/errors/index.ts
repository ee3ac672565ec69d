export * from './define';
export * from './catalogue';
// The type (./define) and kit's constants (./catalogue) share the name: this export is both.
export { ErrorCode } from './catalogue';
export * from './domain-error';
export * from './format';
export * from './doc';
