import { useEffect } from 'react';
import { useAppConfig } from '@/hooks/app-config';

/** Where this browser keeps the product name of its last configuration (GET /config). */
const STORAGE_KEY = 'productName';

/**
 * The name the server wrote into the page it served (index.html's loading shell, see
 * server/http/spa-documents.ts): the configuration's, there from the first paint in any browser.
 * Empty where the page came from elsewhere (the Vite dev server, a static host).
 */
export function servedProductName(root: ParentNode | undefined = globalThis.document): string | undefined {
  return root?.querySelector('#loading-shell [data-product-name]')?.textContent?.trim() || undefined;
}

function rememberedProductName(): string | undefined {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY)?.trim() || undefined;
  } catch {
    return undefined; // storage blocked: the name arrives with the configuration
  }
}

/**
 * The product name for the signed-in shell's brand and loading screen: the configuration's; until
 * it answers, the one the served page carries, else the one this browser saw last (kept for this),
 * so the shell never paints a blank brand while it loads, nor takes the name away that the page's
 * first paint showed. Undefined only where neither exists.
 */
export function useProductName(): string | undefined {
  const configured = useAppConfig()?.productName;
  useEffect(() => {
    if (!configured) return;
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, configured);
    } catch {
      // Storage refused: the configuration still names the product on this visit.
    }
  }, [configured]);
  return configured ?? servedProductName() ?? rememberedProductName();
}
