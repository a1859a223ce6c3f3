import { Heading, Stack } from '@chakra-ui/react';
import { faqSections } from '@/domain/faq';
import { FaqSection } from './faq-section';

/** Built once: the answers depend only on the plan table and SPEC.md's constants, not on the user. */
const sections = faqSections();

/** SPEC.md "/support": the FAQ, section by section. */
export function Faq() {
  return (
    <section aria-labelledby="faq-heading">
      <Heading id="faq-heading" as="h2" size="lg" mb="3">
        Frequently Asked Questions
      </Heading>
      <Stack gap="6">
        {sections.map((section) => (
          <FaqSection key={section.id} section={section} />
        ))}
      </Stack>
    </section>
  );
}
