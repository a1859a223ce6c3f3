import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { prerenderedPages } from './pages.ts';

/** The build-time render entry: the real app for a given path (see the file). */
const renderEntry = 'src/prerender.tsx';
const renderBundleFile = 'prerender.mjs';
/** index.html's empty mount point, which each prerendered page fills with its markup. */
const emptyRoot = '<div id="root"></div>';

type RenderPage = (path: string) => Promise<string>;

function isRenderPage(value: unknown): value is RenderPage {
  return typeof value === 'function';
}

/** Builds src/prerender.tsx for Node (same config, aliases and mode as the client build) and loads it. */
async function loadRenderer(config: ResolvedConfig, bundleDir: string): Promise<RenderPage> {
  await build({
    configFile: config.configFile ?? false,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    build: {
      ssr: renderEntry,
      outDir: bundleDir,
      emptyOutDir: true,
      copyPublicDir: false,
      reportCompressedSize: false,
      rolldownOptions: { output: { entryFileNames: renderBundleFile } },
    },
  });
  const renderModule: unknown = await import(pathToFileURL(join(bundleDir, renderBundleFile)).href);
  const renderPage: unknown =
    typeof renderModule === 'object' && renderModule !== null ? Reflect.get(renderModule, 'renderPage') : undefined;
  if (!isRenderPage(renderPage)) throw new Error(`${renderEntry} does not export renderPage(path)`);
  return renderPage;
}

/**
 * Part of every client build (`npm run build`, `npm start`'s build, `npm test`'s): once dist/ is
 * written, renders the public entry screens (pages.ts) with React's prerenderToNodeStream and writes
 * each as dist/<file> — index.html with the screen's markup and Emotion's inline <style> tags inside
 * #root. The browser paints that HTML at once instead of after ~120 KB gzip of JavaScript has run;
 * main.tsx then hydrates it. Nothing runs in the browser here: the CSP (no inline script) is kept.
 */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'spa-prerender',
    // The client build only: not the dev server or vitest, and not the nested Node build below.
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        if (!config) throw new Error('spa-prerender: the config was not resolved');
        const outDir = resolve(config.root, config.build.outDir);
        const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
        if (shell.split(emptyRoot).length !== 2) throw new Error(`spa-prerender: dist/index.html must contain ${emptyRoot} once`);

        // Inside node_modules so that Node resolves the bundle's imports (react, @chakra-ui/react...)
        // from the project; a fresh directory per build, because Node caches imported modules by URL.
        const cacheDir = join(config.root, 'node_modules', '.cache');
        mkdirSync(cacheDir, { recursive: true });
        const bundleDir = mkdtempSync(join(cacheDir, 'spa-prerender-'));
        try {
          const renderPage = await loadRenderer(config, bundleDir);
          for (const page of prerenderedPages) {
            const markup = await renderPage(page.path);
            // A replacer function: a replacement string would treat `$&`, `$'`... in the markup as patterns.
            writeFileSync(
              join(outDir, page.file),
              shell.replace(emptyRoot, () => `<div id="root">${markup}</div>`),
            );
          }
        } finally {
          rmSync(bundleDir, { recursive: true, force: true });
        }
      },
    },
  };
}
