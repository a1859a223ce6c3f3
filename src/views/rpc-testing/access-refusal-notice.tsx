import { Link } from 'wouter';
import { Alert, Button } from '@chakra-ui/react';
import { accessControlHref } from '@/domain/paths';
import { type AccessRefusal, refusalAdvice } from '@/domain/rpc-refusal';

interface AccessRefusalNoticeProps {
  refusal: AccessRefusal;
  /** The host this dashboard is served from: the Origin of the playground's calls. */
  dashboardHost: string;
}

/** Why the owner's own access control refused the playground's call, and the way to the lists (straight to their card). */
export function AccessRefusalNotice({ refusal, dashboardHost }: AccessRefusalNoticeProps) {
  const advice = refusalAdvice(refusal, dashboardHost);
  return (
    <Alert.Root status="warning" alignItems="flex-start">
      <Alert.Indicator />
      <Alert.Content gap="2" overflowWrap="anywhere">
        <Alert.Title>{advice.title}</Alert.Title>
        <Alert.Description>{advice.reason}</Alert.Description>
        <Alert.Description>{advice.action}</Alert.Description>
        <Button asChild size="sm" variant="outline" alignSelf="flex-start" mt="1">
          <Link href={accessControlHref}>Open RPC Access Control</Link>
        </Button>
      </Alert.Content>
    </Alert.Root>
  );
}
