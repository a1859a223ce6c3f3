import { Heading, List, Stack, Text } from '@chakra-ui/react';
import type { LegalDocument } from '@machines/legal-document';

/** The document's sections: each an h2 (when it has a heading) over its paragraphs and lists, as plain text. */
export function LegalSections({ sections }: { sections: LegalDocument['sections'] }) {
  return (
    <Stack gap="6">
      {sections.map((section, index) => (
        // The sections never change order while shown: the text is fixed when the server starts.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Stack as="section" key={index} gap="3">
          {section.heading ? (
            <Heading as="h2" size="md">
              {section.heading}
            </Heading>
          ) : null}
          {section.blocks.map((block, blockIndex) =>
            block.kind === 'paragraph' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed text, see above
              <Text key={blockIndex} overflowWrap="break-word">
                {block.text}
              </Text>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed text, see above
              <List.Root key={blockIndex} as="ul" ps="5" gap="1.5" overflowWrap="break-word">
                {block.items.map((item, itemIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed text, see above
                  <List.Item key={itemIndex}>{item}</List.Item>
                ))}
              </List.Root>
            ),
          )}
        </Stack>
      ))}
    </Stack>
  );
}
