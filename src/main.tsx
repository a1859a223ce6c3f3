import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readToken } from '@/api/token-store';
import { App } from '@/app/app';
import { startInspector } from '@/app/inspector';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no <div id="root">');

/**
 * The public entry screens arrive prerendered (server/spa-prerender/): their markup is what an
 * anonymous visitor sees, so it is hydrated only when this visit starts anonymous too. With a stored
 * token the first client render differs (the session is being loaded, the form is busy), so React
 * renders from scratch instead of reporting a hydration mismatch; the markup stays on screen until then.
 */
const hydrate = container.firstElementChild !== null && readToken() === null;

// The inspector must exist before the first actor starts, so rendering waits for it (dev + ?inspect only).
void startInspector().then((inspect) => {
  const app = (
    <StrictMode>
      <App inspect={inspect} />
    </StrictMode>
  );
  if (hydrate) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
