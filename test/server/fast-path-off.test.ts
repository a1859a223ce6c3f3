import { fastPathSuite } from './helpers/fast-path-suite';

// FAST_PATH=off in one process: every request through Fastify, with the same answers on the wire.
fastPathSuite(1, 'off');
