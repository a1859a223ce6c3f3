import type { ReactNode } from 'react';
import { Badge, Button, Card, Flex, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import { type BillingCalls, type Invoice, useInvoices } from '@/api/billing-calls';
import { ErrorAlert } from '@/components/error-alert';
import { failureIn } from '@/domain/call-failure';
import { failureMessage } from '@/domain/failure-message';
import { invoiceStatusLabel } from '@/domain/invoice-display';
import { formatUsd } from '@/domain/money';
import { longDate } from '@/domain/subscription-text';

const statusPalette: Record<Invoice['status'], string> = {
  paid: 'green',
  open: 'orange',
  draft: 'gray',
  void: 'gray',
  uncollectible: 'red',
};

/** A paid invoice's page is its receipt (Stripe's hosted invoice page, the test-mode receipt page). */
const documentName = (invoice: Invoice) => (invoice.status === 'paid' ? 'Receipt for invoice' : 'View invoice');

/** One invoice: date, number, amount, status, and its page at the provider (a receipt once paid) or PDF. */
function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const name = invoice.number ?? longDate(invoice.date);
  return (
    <List.Item borderBottomWidth="1px" py="3" listStyleType="none">
      <Flex gap={{ base: '1', md: '4' }} direction={{ base: 'column', md: 'row' }} align={{ md: 'center' }} wrap="wrap">
        <Text minW={{ md: '10rem' }}>{longDate(invoice.date)}</Text>
        <Text minW={{ md: '10rem' }} color="fg.muted" overflowWrap="anywhere">
          {invoice.number ?? 'No number'}
        </Text>
        <Text minW={{ md: '7rem' }} fontWeight="medium">
          {formatUsd(invoice.amount)}
        </Text>
        <Badge alignSelf={{ base: 'flex-start', md: 'center' }} colorPalette={statusPalette[invoice.status]}>
          {invoiceStatusLabel(invoice.status)}
        </Badge>
        <Flex gap="4" ms={{ md: 'auto' }}>
          {invoice.url ? (
            <Link
              href={invoice.url}
              target="_blank"
              rel="noopener noreferrer"
              colorPalette="blue"
              aria-label={`${documentName(invoice)} ${name}`}
            >
              {invoice.status === 'paid' ? 'Receipt' : 'View'}
            </Link>
          ) : null}
          {invoice.pdfUrl ? (
            <Link href={invoice.pdfUrl} target="_blank" rel="noopener noreferrer" colorPalette="blue" aria-label={`PDF of invoice ${name}`}>
              PDF
            </Link>
          ) : null}
        </Flex>
      </Flex>
    </List.Item>
  );
}

/** The invoices list (SPEC.md §7 GET /payment/invoices), newest first, with its empty state and 'Failed to fetch invoices'. */
export function InvoicesCard({ calls }: { calls: BillingCalls }) {
  const invoices = useInvoices(calls);
  let body: ReactNode;
  if (invoices.isPending) body = <Text color="fg.muted">Loading invoices...</Text>;
  else if (invoices.isError)
    body = (
      <Stack gap="2" align="flex-start">
        <ErrorAlert message={failureMessage('loadInvoices', failureIn(invoices.error))} />
        <Button size="sm" variant="outline" onClick={() => void invoices.refetch()}>
          Retry
        </Button>
      </Stack>
    );
  else if (invoices.data.length === 0) body = <Text color="fg.muted">No invoices yet. They appear here after your first payment.</Text>;
  else
    body = (
      <List.Root aria-labelledby="invoices-heading" ps="0">
        {invoices.data.map((invoice) => (
          <InvoiceRow key={invoice.id} invoice={invoice} />
        ))}
      </List.Root>
    );
  return (
    <Card.Root as="section" aria-labelledby="invoices-heading">
      <Card.Body gap="3">
        <Heading id="invoices-heading" as="h2" size="lg">
          Invoices
        </Heading>
        {body}
      </Card.Body>
    </Card.Root>
  );
}
