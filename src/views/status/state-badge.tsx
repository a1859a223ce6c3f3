import { Badge } from '@chakra-ui/react';
import { type NetworkState, stateLabel } from '@/domain/status-display';

/** Each state's colour; the badge's text says the state, so the colour is never the only sign. */
const palettes: Readonly<Record<NetworkState, string>> = {
  operational: 'green',
  degraded: 'orange',
  down: 'red',
};

export function StateBadge({ state }: { state: NetworkState }) {
  return (
    <Badge colorPalette={palettes[state]} variant="surface" size="md">
      {stateLabel(state)}
    </Badge>
  );
}
