import { PlaceholderScreen } from '@/components/placeholder-screen';
import { usePageTitle } from '@/hooks/use-page-title';

/** Being built: the screen's header meanwhile. */
export default function DedicatedNodesPage() {
  usePageTitle('Dedicated Nodes');
  return (
    <PlaceholderScreen title="Dedicated Nodes" description="" emptyTitle="This screen is still being built" emptyText="" upcoming={[]} />
  );
}
