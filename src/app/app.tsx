import type { InspectObserver } from '@/hooks/inspection';
import { AppProviders } from './app-providers';
import { AppRoutes } from './routes';

export function App({ inspect }: { inspect?: InspectObserver | undefined }) {
  return (
    <AppProviders inspect={inspect}>
      <AppRoutes />
    </AppProviders>
  );
}
