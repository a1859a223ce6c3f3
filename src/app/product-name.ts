import { useEffect } from 'react';
import { useAppConfig } from '@/hooks/app-config';

/** Where this browser keeps the product name of its last configuration (GET /config). */
const STORAGE_KEY = 'productName';

function rememberedProductName(): string | undefined {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY)?.trim() || undefined;
  } catch {
    return undefined; // storage blocked: the name arrives with the configuration
  }
}

/**
 * The product name for the signed-in shell's brand and loading screen: the configuration's, and
 * until it answers the one this browser saw last (kept for this), so the shell never paints a
 * blank brand while it loads. Undefined only before any configuration was ever seen here.
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
  return configured ?? rememberedProductName();
}
