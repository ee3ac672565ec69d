export * from './pagination';
export * from './federated-schema';
