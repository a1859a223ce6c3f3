import { Flex, List, Stack, Text } from '@chakra-ui/react';
import type { Incident, NetworkStatus } from '@/api/status-calls';
import { incidentKindLabel, incidentPeriodLabel, networkLabelOf } from '@/domain/status-display';

/** What the list says when the report has no incident. */
export const NO_INCIDENTS = 'No incidents in the recent past.';

interface IncidentListProps {
  incidents: readonly Incident[];
  /** The report's networks, which name each incident's network by its label. */
  networks: readonly NetworkStatus[];
}

/** The report's incidents, newest first: what, where, why, and when it began and ended (or that it goes on). */
export function IncidentList({ incidents, networks }: IncidentListProps) {
  if (incidents.length === 0) return <Text color="fg.muted">{NO_INCIDENTS}</Text>;
  return (
    <List.Root as="ul" gap="3" listStyleType="none">
      {incidents.map((incident) => (
        <List.Item key={`${incident.network} ${incident.node ?? ''} ${incident.startedAt}`} borderWidth="1px" rounded="lg" p="4" bg="bg">
          <Stack gap="1" w="full">
            <Flex gap="2" wrap="wrap" fontWeight="semibold">
              <span>{incidentKindLabel(incident.kind)}</span>
              <Text as="span" color="fg.muted" aria-hidden="true">
                ·
              </Text>
              <span>{networkLabelOf(networks, incident.network)}</span>
              {incident.node === null ? null : (
                <>
                  <Text as="span" color="fg.muted" aria-hidden="true">
                    ·
                  </Text>
                  <span>{incident.node}</span>
                </>
              )}
            </Flex>
            <Text overflowWrap="anywhere">{incident.reason}</Text>
            <Text fontSize="sm" color="fg.muted">
              {incidentPeriodLabel(incident.startedAt, incident.endedAt)}
            </Text>
          </Stack>
        </List.Item>
      ))}
    </List.Root>
  );
}
