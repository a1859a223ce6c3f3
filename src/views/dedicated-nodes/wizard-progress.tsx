import { Box, Flex, Text } from '@chakra-ui/react';
import { NODE_ORDER_STEPS, type NodeOrderStep } from '@/domain/node-order';
import { STEP_TEXT } from './node-order-texts';

/**
 * Where the user is in the form: the six steps numbered, the current one marked (aria-current),
 * those before it done. Step names show from md; a phone shows the numbers (the step's heading
 * names it).
 */
export function WizardProgress({ step }: { step: NodeOrderStep }) {
  const current = NODE_ORDER_STEPS.indexOf(step);
  return (
    <Flex as="ol" aria-label="Order steps" gap={{ base: '1', md: '2' }} listStyleType="none">
      {NODE_ORDER_STEPS.map((name, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'next';
        return (
          <Flex
            as="li"
            key={name}
            aria-current={state === 'current' ? 'step' : undefined}
            flex="1"
            direction="column"
            align="flex-start"
            gap="1.5"
            minW="0"
          >
            <Box h="1" w="full" rounded="full" bg={state === 'next' ? 'border' : 'blue.solid'} />
            <Flex align="center" gap="2" minW="0">
              <Flex
                boxSize="6"
                rounded="full"
                align="center"
                justify="center"
                fontSize="xs"
                fontWeight="semibold"
                flexShrink="0"
                bg={state === 'next' ? 'bg.muted' : 'blue.solid'}
                color={state === 'next' ? 'fg.muted' : 'white'}
              >
                {index + 1}
              </Flex>
              <Text
                hideBelow="lg"
                fontSize="sm"
                fontWeight={state === 'current' ? 'semibold' : 'normal'}
                color={state === 'next' ? 'fg.muted' : 'fg'}
                truncate
              >
                {STEP_TEXT[name].title}
              </Text>
              <Text hideFrom="lg" srOnly>
                {STEP_TEXT[name].title}
              </Text>
            </Flex>
          </Flex>
        );
      })}
    </Flex>
  );
}
