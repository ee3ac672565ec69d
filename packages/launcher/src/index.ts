export { startPlatform, type RunningPlatform } from './platform';
export { SUBGRAPHS, SUBGRAPH_PERMISSIONS, SUBGRAPH_SETTINGS, loadPlatformConfig, type PlatformSubgraph } from './registry';
