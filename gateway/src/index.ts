export * from './authenticate';
export * from './gateway';
export * from './http';
