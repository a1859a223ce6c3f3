import { Link } from 'wouter';
import { Badge, Button, Card, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert } from '@/components/error-alert';
import { LoadingScreen } from '@/components/loading-screen';
import { failureIn } from '@/domain/call-failure';
import { failureMessage } from '@/domain/failure-message';
import { paths } from '@/domain/paths';
import { canUpgrade, planLabel } from '@/domain/plan-display';
import { demoPlan } from '@/domain/plan-catalog';
import { DEMO_PLAN_FEATURES, type PlanView, demoRenewalDate, planFeatures } from '@/domain/project-settings';
import { renewalText } from '@/domain/subscription-text';
import { useOpensHref } from '@/hooks/acting-project';

interface AccountPlan {
  name: string;
  description: string;
  credit: number | null;
  rate: number | null;
  maxKey: number | null;
}

interface CurrentPlanCardProps {
  view: PlanView;
  /** GET /users/plan as the query has it. */
  plan: { data: AccountPlan | undefined; isError: boolean; error: unknown; refetch: () => Promise<unknown> };
  /** When the demo's renewal date is counted from (now, unless a test fixes it). */
  now: Date;
}

const HEADING_ID = 'settings-current-plan-heading';

/**
 * SPEC.md "Settings (demo)": the Current Plan card. In the account's view it is the user's real
 * plan (GET /users/plan); the Premium Plan Demo shows the Professional plan, its features and a
 * renewal date a month away, marked as a demonstration.
 */
export function CurrentPlanCard({ view, plan, now }: CurrentPlanCardProps) {
  return (
    <Card.Root as="section" aria-labelledby={HEADING_ID} h="full">
      <Card.Header>
        <Heading id={HEADING_ID} as="h2" size="lg">
          Current Plan
        </Heading>
      </Card.Header>
      <Card.Body gap="4">{view === 'premiumDemo' ? <DemoPlan now={now} /> : <AccountPlanBody plan={plan} />}</Card.Body>
    </Card.Root>
  );
}

function DemoPlan({ now }: { now: Date }) {
  const renewal = demoRenewalDate(now).toISOString();
  return (
    <>
      <HStack gap="2" wrap="wrap">
        <Text fontSize="xl" fontWeight="semibold">
          {planLabel(demoPlan.name)}
        </Text>
        <Badge colorPalette="purple" variant="subtle">
          Demo
        </Badge>
      </HStack>
      <Features items={DEMO_PLAN_FEATURES} />
      <Text>{renewalText({ currentPeriodEnd: renewal, cancelAtPeriodEnd: false })}</Text>
      <Text fontSize="sm" color="fg.muted">
        A demonstration of these settings on the Professional plan; your account and its billing do not change.
      </Text>
    </>
  );
}

function AccountPlanBody({ plan }: Pick<CurrentPlanCardProps, 'plan'>) {
  const opens = useOpensHref();
  if (plan.isError) {
    return (
      <Stack gap="3" align="flex-start">
        <ErrorAlert message={failureMessage('loadPlan', failureIn(plan.error))} />
        <Button size="sm" variant="outline" onClick={() => void plan.refetch()}>
          Retry
        </Button>
      </Stack>
    );
  }
  if (!plan.data) return <LoadingScreen label="Loading your plan..." />;
  const { name, description } = plan.data;
  return (
    <>
      <Stack gap="1">
        <Text fontSize="xl" fontWeight="semibold">
          {planLabel(name)}
        </Text>
        {description ? <Text color="fg.muted">{description}</Text> : null}
      </Stack>
      <Features items={planFeatures(plan.data)} />
      {canUpgrade(name) && opens(paths.billing) ? (
        <Button asChild size="sm" colorPalette="blue" alignSelf="flex-start">
          <Link href={paths.billing}>Upgrade Plan</Link>
        </Button>
      ) : null}
    </>
  );
}

/** The plan's features as a list; each reads with a capital on screen while its text stays as given. */
function Features({ items }: { items: readonly string[] }) {
  return (
    <List.Root gap="1.5" ps="5">
      {items.map((item) => (
        <List.Item key={item} css={{ '&::first-letter': { textTransform: 'uppercase' } }}>
          {item}
        </List.Item>
      ))}
    </List.Root>
  );
}
