import type { Network, NetworkInfo } from '@/domain/networks';
import { SegmentSwitch } from './segment-switch';

interface NetworkSwitchProps {
  /** The networks served (GET /config), in order. */
  networks: readonly NetworkInfo[];
  value: Network;
  onChange: (network: Network) => void;
  /** The group's visible label. */
  label?: string;
  disabled?: boolean;
}

/** The served networks, Mainnet or Devnet by default (SPEC.md §4 "Network switch", default mainnet: the caller's initial value). */
export function NetworkSwitch({ networks, value, onChange, label = 'Network', disabled = false }: NetworkSwitchProps) {
  const items = networks.map((network) => ({ value: network.name, label: network.label }));
  const isValue = (candidate: string | null): candidate is Network => networks.some((network) => network.name === candidate);
  return <SegmentSwitch label={label} items={items} value={value} isValue={isValue} onChange={onChange} disabled={disabled} />;
}
