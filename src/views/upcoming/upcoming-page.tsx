import { usePageTitle } from '@/hooks/use-page-title';
import { PlaceholderScreen } from '@/components/placeholder-screen';
import { upcomingScreens, type UpcomingScreenKey } from './upcoming-screens';

/** One component for every screen that a later issue builds (its route passes which one). */
export default function UpcomingPage({ screen }: { screen: UpcomingScreenKey }) {
  const { title, description, upcoming } = upcomingScreens[screen];
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
