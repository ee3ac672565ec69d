export { startPlatform, type RunningPlatform } from './platform';
export { SUBGRAPHS, SUBGRAPH_SETTINGS, loadPlatformConfig, type PlatformSubgraph } from './registry';
