// Relative, with its extension: the Vite config loads this file (through vite-plugin.ts) before any alias exists.
import { prerenderedRoutes } from '../../src/domain/route-table.ts';

/**
 * The public entry screens rendered to HTML at build time (vite-plugin.ts writes dist/<file>) and
 * served for their path by server/http/spa.ts: the routes the route table marks `prerender`. Only
 * screens that look the same for every anonymous visitor belong there: /reset-password/:token and
 * /auth/callback depend on their URL, the guarded screens on the user.
 */
export const prerenderedPages: ReadonlyArray<{ path: string; file: string }> = prerenderedRoutes;
