/** `npm start`: the server (scripts/entry.mjs says which form, compiled or TypeScript). */
import { runEntry } from './entry.mjs';

await runEntry('start', '../server/start.ts', 'Could not start');
