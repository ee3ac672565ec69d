export * from './principal';
export * from './tokens';
export * from './internal-principal';
export * from './auth-checker';
export * from './permissions';
export * from './channels';
export * from './tenant-directory';
export * from './user-directory';
