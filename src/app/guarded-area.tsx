import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import AppLayout from './layout/app-layout';
import { queryClient } from './query-client';
import { SessionExpiryWatcher } from './session-expiry';

/**
 * The signed-in screens' frame: the server-data cache, the watcher that ends an expired session,
 * and the layout. One lazy chunk, so TanStack Query is not loaded by the public screens
 * (/login's JavaScript budget: ≤ 160 KB gzip), which need only the configuration (src/hooks/app-config.ts).
 */
export default function GuardedArea({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionExpiryWatcher />
      <AppLayout>{children}</AppLayout>
    </QueryClientProvider>
  );
}
