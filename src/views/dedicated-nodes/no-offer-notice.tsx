import { EmptyState, VStack } from '@chakra-ui/react';

/** Steps 1 and 2 when nothing is on offer: SPEC.md's text as the title, announced when it appears. */
export function NoOfferNotice({ title, text }: { title: string; text: string }) {
  return (
    <EmptyState.Root
      role="status"
      borderWidth="1px"
      borderStyle="dashed"
      borderColor="border.emphasized"
      rounded="lg"
      bg="bg.subtle"
      py="8"
    >
      <EmptyState.Content>
        <VStack textAlign="center" gap="2" maxW="md">
          <EmptyState.Title as="h3" fontSize="md" overflowWrap="anywhere">
            {title}
          </EmptyState.Title>
          <EmptyState.Description color="fg.muted">{text}</EmptyState.Description>
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
