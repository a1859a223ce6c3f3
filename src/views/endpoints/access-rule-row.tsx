import { Button, Flex, Heading, List, Stack, Text } from '@chakra-ui/react';
import type { AccessKind } from '@/domain/access-control';
import { ACCESS_RULE_TEXT, NO_VALUES_SET, domainsRefusal } from '@/domain/access-rule-text';

interface AccessRuleRowProps {
  kind: AccessKind;
  values: readonly string[];
  /** Whether Allowed Domains accepts calls without an Origin (said under the domains' values). */
  allowNoOrigin: boolean;
  onEdit: () => void;
}

/**
 * One rule of the card: its stored values (or 'No values set') and its edit button. A named group,
 * not a section: three region landmarks inside the card's own would crowd the landmark list.
 */
export function AccessRuleRow({ kind, values, allowNoOrigin, onEdit }: AccessRuleRowProps) {
  const { title, help } = ACCESS_RULE_TEXT[kind];
  const headingId = `access-rule-${kind}`;
  return (
    <Flex role="group" aria-labelledby={headingId} gap="3" justify="space-between" align="flex-start" py="4">
      <Stack gap="1" minW="0">
        <Heading id={headingId} as="h3" size="md">
          {title}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {help}
        </Text>
        {values.length === 0 ? (
          <Text fontStyle="italic" color="fg.muted">
            {NO_VALUES_SET}
          </Text>
        ) : (
          <List.Root aria-label={title} variant="plain" gap="1" fontFamily="mono" fontSize="sm">
            {values.map((value) => (
              <List.Item key={value} wordBreak="break-all">
                {value}
              </List.Item>
            ))}
          </List.Root>
        )}
        {kind === 'domains' && values.length > 0 ? (
          <Text fontSize="sm" data-testid="domains-refusal">
            {domainsRefusal(allowNoOrigin)}
          </Text>
        ) : null}
      </Stack>
      <Button size="sm" variant="outline" flexShrink={0} aria-label={`Edit ${title}`} onClick={onEdit}>
        Edit
      </Button>
    </Flex>
  );
}
