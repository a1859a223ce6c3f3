import { PlaceholderScreen } from '@/components/placeholder-screen';
import { usePageTitle } from '@/hooks/use-page-title';

/** Being built: the screen's header meanwhile. */
export default function SettingsPage() {
  usePageTitle('Project Settings');
  return (
    <PlaceholderScreen title="Project Settings" description="" emptyTitle="This screen is still being built" emptyText="" upcoming={[]} />
  );
}
