/** `npm run admin -- <command>`: the operators' command (server/admin.ts; scripts/entry.mjs says which form, compiled or TypeScript). */
import { runEntry } from './entry.mjs';

await runEntry('admin', '../server/admin.ts', 'Could not run the admin command');
