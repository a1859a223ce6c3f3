import { List, Stack, Text } from '@chakra-ui/react';
import type { FaqBlock } from '@/domain/faq';

/** An answer's paragraphs and lists. Long words (method names, URLs) wrap rather than widen a phone's page. */
export function FaqAnswer({ blocks }: { blocks: readonly FaqBlock[] }) {
  return (
    <Stack gap="2" color="fg.muted" overflowWrap="anywhere">
      {blocks.map((block) =>
        typeof block === 'string' ? (
          <Text key={block}>{block}</Text>
        ) : (
          <List.Root key={block.join('|')} ps="5" gap="1">
            {block.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List.Root>
        ),
      )}
    </Stack>
  );
}
