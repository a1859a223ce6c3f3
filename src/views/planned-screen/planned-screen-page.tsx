import { usePageTitle } from '@/hooks/use-page-title';
import { PlaceholderScreen } from '@/components/placeholder-screen';
import { type PlannedScreenKey, plannedScreens } from './planned-screens';

/** The stand-in for a SPEC.md §2 screen that is not built yet: its header and what it will hold (the route passes which one). */
export default function PlannedScreenPage({ screen }: { screen: PlannedScreenKey }) {
  const { title, description, upcoming } = plannedScreens[screen];
  usePageTitle(title);
  return (
    <PlaceholderScreen
      title={title}
      description={description}
      emptyTitle="This screen is still being built"
      emptyText="Nothing is shown here yet. When it is ready, this screen will have:"
      upcoming={upcoming}
    />
  );
}
