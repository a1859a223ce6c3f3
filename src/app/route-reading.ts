import { type RouteReading, readingOfConfig } from '@/domain/route-reading';
import { useAppConfigQuery } from '@/hooks/app-config';

/** The reading of the routes that is on (undefined while the configuration loads). */
export function useRouteReading(): RouteReading | undefined {
  const { data, isError } = useAppConfigQuery();
  return readingOfConfig(data, isError);
}
