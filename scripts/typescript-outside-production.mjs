/**
 * Given to node with --import by `npm start`: outside production, registers tsx so that the
 * server's TypeScript sources load (in this process and in the HTTP workers, which are forked with
 * the same execArgv). In production it does nothing: tsx is a dev dependency, absent after
 * `npm ci --omit=dev`, and the compiled server needs none of it.
 */
if (process.env.NODE_ENV !== 'production') await import('tsx');
