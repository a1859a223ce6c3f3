import { BUILT_IN_NETWORKS } from '@/domain/networks';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CopyButton } from '@/components/copy-button';
import { NetworkSwitch } from '@/components/network-switch';
import type { Network } from '@/domain/networks';
import { renderView } from './render';

describe('CopyButton', () => {
  it("is named after what it copies, reads 'Copied!' when told, and announces it", async () => {
    const copies: string[] = [];
    const { rerender } = renderView(<CopyButton label="RPC URL" copied={false} onCopy={() => copies.push('copy')} />);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Copy RPC URL' }));
    expect(copies).toEqual(['copy']);
    rerender(<CopyButton label="RPC URL" copied onCopy={() => {}} />);
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(screen.getByText('RPC URL copied to the clipboard').getAttribute('aria-live')).toBe('polite');
    rerender(<CopyButton label="RPC URL" copied={false} failed onCopy={() => {}} />);
    expect(screen.getByRole('button', { name: 'Copy failed' })).toBeTruthy();
  });
});

function ControlledSwitch({ initial = 'mainnet' }: { initial?: Network }) {
  const [network, setNetwork] = useState<Network>(initial);
  return (
    <>
      <NetworkSwitch networks={BUILT_IN_NETWORKS} value={network} onChange={setNetwork} />
      <output>{network}</output>
    </>
  );
}

describe('NetworkSwitch', () => {
  it('is a labelled radio group of Mainnet and Devnet', () => {
    renderView(<ControlledSwitch />);
    const group = screen.getByRole('radiogroup', { name: 'Network' });
    expect(group).toBeTruthy();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['mainnet', 'devnet']);
    expect(screen.getByRole('radio', { name: 'Mainnet' })).toHaveProperty('checked', true);
  });

  // Arrow keys are native radio behaviour (one name for both inputs); user-event cannot walk radios
  // in jsdom (no CSS.escape), so they are tried in Chromium.
  it('switches both ways', async () => {
    const user = userEvent.setup({ delay: null });
    renderView(<ControlledSwitch />);
    await user.click(screen.getByRole('radio', { name: 'Devnet' }));
    expect(await screen.findByText('devnet', { selector: 'output' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Mainnet' }));
    expect(await screen.findByText('mainnet', { selector: 'output' })).toBeTruthy();
    const [mainnet, devnet] = screen.getAllByRole('radio');
    expect(mainnet?.getAttribute('name')).toBe(devnet?.getAttribute('name'));
  });
});
