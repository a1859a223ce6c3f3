import type { ReactNode } from 'react';
import { Card, Stat } from '@chakra-ui/react';

interface StatCardProps {
  label: string;
  value: ReactNode;
  help: string;
  /** 'sm' for a card inside another card (tighter padding). */
  size?: 'sm' | 'md';
}

/** One figure with its label and a short explanation; a group named by its label for assistive technology. */
export function StatCard({ label, value, help, size = 'md' }: StatCardProps) {
  return (
    <Card.Root role="group" aria-label={label} size={size}>
      <Card.Body>
        <Stat.Root>
          <Stat.Label color="fg.muted">{label}</Stat.Label>
          {/* The value text is a flex row: a value made of parts may wrap between them when narrow. */}
          <Stat.ValueText fontSize="2xl" flexWrap="wrap" columnGap="1.5">
            {value}
          </Stat.ValueText>
          {/* A dd, like the value: a dl may hold only dt and dd (Chakra's help text is a span). */}
          <Stat.HelpText as="dd" color="fg.muted">
            {help}
          </Stat.HelpText>
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}
