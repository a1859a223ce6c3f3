import { Text } from '@chakra-ui/react';

/**
 * The product's name over a public card. Its line is kept while the name is not known yet (the
 * prerendered pages are painted before GET /config answers), so the card does not move when it comes.
 */
export function ProductName({ name }: { name: string | undefined }) {
  return (
    <Text fontSize="sm" fontWeight="semibold" color="blue.fg" letterSpacing="wide" minH="5" lineHeight="5" overflowWrap="anywhere">
      {name}
    </Text>
  );
}
