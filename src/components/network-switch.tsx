import { NETWORKS, NETWORK_FACTS, type Network, isNetwork } from '@/domain/networks';
import { SegmentSwitch } from './segment-switch';

interface NetworkSwitchProps {
  value: Network;
  onChange: (network: Network) => void;
  /** The group's visible label. */
  label?: string;
  disabled?: boolean;
}

const items = NETWORKS.map((network) => ({ value: network, label: NETWORK_FACTS[network].label }));

/** Mainnet or Devnet (SPEC.md §4 "Network switch", default mainnet: the caller's initial value). */
export function NetworkSwitch({ value, onChange, label = 'Network', disabled = false }: NetworkSwitchProps) {
  return <SegmentSwitch label={label} items={items} value={value} isValue={isNetwork} onChange={onChange} disabled={disabled} />;
}
