import { PlaceholderScreen } from '@/components/placeholder-screen';
import { usePageTitle } from '@/hooks/use-page-title';

/** Being built: the screen's header meanwhile. */
export default function SupportPage() {
  usePageTitle('Support');
  return <PlaceholderScreen title="Support" description="" emptyTitle="This screen is still being built" emptyText="" upcoming={[]} />;
}
