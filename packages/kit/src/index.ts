import 'reflect-metadata';

export * from './config';
export * from './logger';
export * from './errors';
export * from './auth';
export * from './context';
export * from './graphql';
export * from './http/subgraph-server';
export * from './http/rate-limit';
export * from './process';
export * from './ids';
export * from './crypto/secret-box';
export * from './http/local-subgraph';
export * from './http/service-graph-client';
export * from './mail/email-transport';
export * from './polling-loop';
export * from './time';
export * from './audit';
