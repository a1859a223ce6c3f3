import { Link, useParams } from 'wouter';
import { Button } from '@chakra-ui/react';
import { usePageTitle } from '@/hooks/use-page-title';
import { PlaceholderScreen } from '@/components/placeholder-screen';
import { featureTitle } from '@/domain/feature-title';
import { decodePathParam } from '@/domain/path-param';
import { paths } from '@/domain/paths';

/**
 * /coming-soon and /coming-soon/{feature}: a feature the navigation announces (e.g. System Status)
 * that is not available yet, titled as the sidebar names it, with the way back to the dashboard.
 */
export default function ComingSoonFeaturePage() {
  const { feature } = useParams<{ feature?: string }>();
  const title = featureTitle(feature === undefined ? undefined : decodePathParam(feature));
  usePageTitle(title);
  return (
    <PlaceholderScreen
      title={title}
      description="This feature is coming soon."
      emptyTitle="Coming soon"
      emptyText="It is not available yet. It will appear here as soon as it is ready."
      action={
        <Button asChild colorPalette="blue" size="sm" mt="2">
          <Link href={paths.home}>Back to Dashboard</Link>
        </Button>
      }
    />
  );
}
