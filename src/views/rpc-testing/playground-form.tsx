import type { ReactNode } from 'react';
import { Card, Stack, Text } from '@chakra-ui/react';

interface PlaygroundFormProps {
  /** The heading's id: the card and the form are named by it. */
  headingId: string;
  heading: string;
  /** Submitted by Enter in a field or the form's submit button. */
  onSubmit: () => void;
  children: ReactNode;
}

/** A playground's form card (a request, a subscription): a section and a form named by its heading. */
export function PlaygroundForm({ headingId, heading, onSubmit, children }: PlaygroundFormProps) {
  return (
    <Card.Root as="section" aria-labelledby={headingId}>
      <Card.Body>
        <Stack
          as="form"
          gap="5"
          aria-labelledby={headingId}
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <Text id={headingId} as="h2" fontSize="lg" fontWeight="semibold">
            {heading}
          </Text>
          {children}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
