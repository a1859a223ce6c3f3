import { Card, Heading, Link, Text } from '@chakra-ui/react';
import { contractPlan } from '@/domain/plan-catalog';
import { useAppConfig } from '@/hooks/app-config';

/** The enterprise contact (SPEC.md /billing: mailto), headed by the plan sold by contract, shown on every plan: the sales address from the server's configuration. */
export function EnterpriseCard() {
  const salesEmail = useAppConfig()?.salesEmail;
  return (
    <Card.Root as="section" aria-labelledby="enterprise-heading">
      <Card.Body gap="3">
        <Heading id="enterprise-heading" as="h2" size="lg">
          {contractPlan.name}
        </Heading>
        <Text color="fg.muted">Custom credits, rate limits and support, arranged with our sales team.</Text>
        {salesEmail ? (
          <Text>
            <Link href={`mailto:${salesEmail}`} colorPalette="blue" fontWeight="medium">
              Contact sales
            </Link>{' '}
            at {salesEmail}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
