import type { ReactNode } from 'react';
import { EmptyState, List, VStack } from '@chakra-ui/react';
import { PageHeader } from './page-header';

interface PlaceholderScreenProps {
  title: string;
  description: string;
  emptyTitle: string;
  emptyText: string;
  /** What the finished screen will hold, said plainly. */
  upcoming?: readonly string[];
  /** Where to go from here (a link back), under the text. */
  action?: ReactNode;
}

/** A screen that is not built yet: its real header and an honest empty state of what will be there. */
export function PlaceholderScreen({ title, description, emptyTitle, emptyText, upcoming = [], action }: PlaceholderScreenProps) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderColor="border.emphasized" rounded="lg" bg="bg.subtle">
        <EmptyState.Content>
          <VStack textAlign="center" gap="3" maxW="xl">
            <EmptyState.Title as="h2">{emptyTitle}</EmptyState.Title>
            <EmptyState.Description color="fg.muted">{emptyText}</EmptyState.Description>
            {upcoming.length > 0 ? (
              <List.Root textAlign="start" gap="1" ps="5">
                {upcoming.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List.Root>
            ) : null}
            {action}
          </VStack>
        </EmptyState.Content>
      </EmptyState.Root>
    </>
  );
}
