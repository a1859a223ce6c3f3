import { Accordion, Heading, Text } from '@chakra-ui/react';
import type { FaqSection as Section } from '@/domain/faq';
import { FaqAnswer } from './faq-answer';
import { ChevronDownIcon } from './support-icons';

/**
 * One section of the FAQ: its questions as an accordion where one answer at most is open (SPEC.md
 * "/support"; opening another closes it, and the open one closes again). Keyboard: Tab reaches
 * the questions, Enter or Space opens and closes, the arrow keys, Home and End move between them.
 */
export function FaqSection({ section }: { section: Section }) {
  const headingId = `faq-${section.id}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <Heading id={headingId} as="h3" size="md" mb="2">
        {section.title}
      </Heading>
      <Accordion.Root collapsible variant="enclosed" size="md" bg="bg.panel">
        {section.items.map((item) => (
          <Accordion.Item key={item.id} value={item.id}>
            <Heading as="h4" size="sm" fontWeight="medium">
              <Accordion.ItemTrigger
                cursor="pointer"
                textAlign="start"
                _focusVisible={{ outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '-2px' }}
              >
                <Text as="span" flex="1">
                  {item.question}
                </Text>
                <Accordion.ItemIndicator>
                  <ChevronDownIcon />
                </Accordion.ItemIndicator>
              </Accordion.ItemTrigger>
            </Heading>
            <Accordion.ItemContent>
              <Accordion.ItemBody>
                <FaqAnswer blocks={item.answer} />
              </Accordion.ItemBody>
            </Accordion.ItemContent>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </section>
  );
}
