import { useParams } from 'wouter';
import { usePageTitle } from '@/hooks/use-page-title';
import { PlaceholderScreen } from '@/components/placeholder-screen';
import { featureTitle } from '@/domain/feature-title';

/** Decodes the URL segment; a malformed escape is shown as typed rather than crashing the page. */
function decodeSegment(segment: string | undefined): string | undefined {
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** /coming-soon and /coming-soon/{feature}: a feature that is announced but not available yet. */
export default function ComingSoonPage() {
  const { feature } = useParams<{ feature?: string }>();
  const title = featureTitle(decodeSegment(feature));
  usePageTitle(title);
  return (
    <PlaceholderScreen
      title={title}
      description="This feature is coming soon."
      emptyTitle="Coming soon"
      emptyText="It is not available yet. It will appear here as soon as it is ready."
    />
  );
}
