import { fastPathSuite } from './helpers/fast-path-suite';

// The same fast path in front of the one process's own server (server/cluster/one-process.ts), WORKERS=1.
fastPathSuite(1);
