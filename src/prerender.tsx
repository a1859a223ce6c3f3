/**
 * Build-time entry, never shipped to browsers: renders the real app at one public path to HTML, so
 * the page paints before its JavaScript has run (the budget: paint within 1.5 times a static page's time). The Vite plugin in
 * server/spa-prerender/ builds this file for Node and puts the markup into dist/<page>.html; main.tsx
 * then hydrates it.
 *
 * What is rendered is what an anonymous first visit renders: no stored token (Node has no
 * localStorage), no server configuration (src/hooks/app-config.ts has not loaded it, so nothing from GET /api/config
 * is baked in; page titles are set by the client), no time or user data.
 *
 * Styles: Emotion (under Chakra) renders each rule on the server as a <style data-emotion> tag just
 * before the first element using it, so the HTML paints styled. In the browser, Emotion's cache
 * moves those tags into <head> as soon as it loads, before hydration, and React hydrates the
 * elements alone.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { text } from 'node:stream/consumers';
import { Router, type SsrContext } from 'wouter';
import { App } from '@/app/app';

export async function renderPage(path: string): Promise<string> {
  const ssrContext: SsrContext = {};
  const errors: unknown[] = [];
  // prerender (unlike renderToString) waits for React.lazy screens and every Suspense boundary.
  const { prelude } = await prerenderToNodeStream(
    // The same tree as main.tsx, with the location given instead of read from the browser. <Router>
    // adds no element and no sibling, so useId() values (field ids) match the client's.
    <StrictMode>
      <Router ssrPath={path} ssrContext={ssrContext}>
        <App />
      </Router>
    </StrictMode>,
    {
      // An error inside a boundary would otherwise ship that boundary's fallback (a spinner) silently.
      onError: (error) => {
        errors.push(error);
      },
    },
  );
  const html = await text(prelude);
  if (errors.length > 0) {
    throw new Error(
      `prerendering ${path} failed: ${errors.map((error) => (error instanceof Error ? error.stack : String(error))).join('\n')}`,
    );
  }
  if (ssrContext.redirectTo !== undefined) {
    throw new Error(
      `prerendering ${path}: the app redirected to ${ssrContext.redirectTo}; only pages that render as they are can be prerendered`,
    );
  }
  return html;
}
