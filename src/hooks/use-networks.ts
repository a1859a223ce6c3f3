import { BUILT_IN_NETWORKS, type NetworkInfo } from '@/domain/networks';
import { useAppConfig } from './app-config';

/**
 * The networks the server serves, in the order the switches offer them (GET /config): the built-in
 * two until the configuration arrives, which the shell loads before any screen that lists networks.
 */
export function useNetworks(): readonly NetworkInfo[] {
  return useAppConfig()?.networks ?? BUILT_IN_NETWORKS;
}
