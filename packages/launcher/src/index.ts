export { startPlatform, type RunningPlatform } from './platform';
export { SUBGRAPHS, type SubgraphDefinition } from './subgraphs';
