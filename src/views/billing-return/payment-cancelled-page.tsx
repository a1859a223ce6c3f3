import { Link } from 'wouter';
import { Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { usePageTitle } from '@/hooks/use-page-title';
import { PageHeader } from '@/components/page-header';
import { RETURN_TEXTS } from '@/domain/payment-return';
import { paths } from '@/domain/paths';

/** /billing/cancel: the provider's Cancel (or Back) on its checkout page brings the browser here. */
export default function PaymentCancelledPage() {
  usePageTitle('Payment cancelled');
  return (
    <>
      <PageHeader title="Payment cancelled" />
      <Stack gap="4" align="flex-start">
        <Text>{RETURN_TEXTS.cancelled}</Text>
        <ChakraLink asChild colorPalette="blue" fontWeight="medium">
          <Link href={paths.billing}>Back to Billing</Link>
        </ChakraLink>
      </Stack>
    </>
  );
}
