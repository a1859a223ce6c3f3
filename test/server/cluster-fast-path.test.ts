import { fastPathSuite } from './helpers/fast-path-suite';

// The fast path of each HTTP worker, WORKERS=2.
fastPathSuite(2);
