export { startPlatform, type RunningPlatform } from './platform';
