import { Box, Text } from '@chakra-ui/react';
import type { DedicatedNodeOrder } from '@/domain/node-order';
import { CLIENT_CHOICES, CYCLE_CHOICES, PAYMENT_CHOICES, PLUGIN_CHOICES, STEP_TEXT, choiceTitle } from './node-order-texts';

/** The order as chosen so far, one line per step of the form. */
export function OrderSummary({ order }: { order: DedicatedNodeOrder }) {
  const rows: Array<[string, string]> = [
    [STEP_TEXT.billing.title, choiceTitle(CYCLE_CHOICES, order.isYearly ? 'yearly' : 'monthly')],
    [STEP_TEXT.type.title, order.resourceIntensiveEnabled ? 'None available (resource-intensive)' : 'None available'],
    [STEP_TEXT.location.title, order.selectedLocation ?? 'None available'],
    [STEP_TEXT.client.title, choiceTitle(CLIENT_CHOICES, order.selectedClient)],
    [STEP_TEXT.plugin.title, `${choiceTitle(PLUGIN_CHOICES, order.selectedPlugin)} (free)`],
    [STEP_TEXT.payment.title, choiceTitle(PAYMENT_CHOICES, order.paymentMethod)],
  ];
  return (
    <Box
      as="dl"
      display="grid"
      alignItems="baseline"
      gridTemplateColumns={{ base: '1fr', sm: 'auto 1fr' }}
      columnGap="6"
      rowGap={{ base: '0', sm: '2' }}
    >
      {rows.map(([term, value]) => (
        <Box key={term} display="contents">
          <Text as="dt" color="fg.muted" fontSize="sm" mt={{ base: '2', sm: '0' }}>
            {term}
          </Text>
          <Text as="dd" fontWeight="medium">
            {value}
          </Text>
        </Box>
      ))}
    </Box>
  );
}
