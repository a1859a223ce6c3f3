import { fastPathSuite } from './helpers/fast-path-suite';

// FAST_PATH=off with HTTP workers: every request through each worker's Node HTTP server.
fastPathSuite(2, 'off');
