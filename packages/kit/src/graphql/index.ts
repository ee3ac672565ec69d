export * from './pagination';
export * from './federated-schema';
export * from './modular-schema';
