import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';

/** One network of a test's NETWORKS_FILE: its facts, its nodes (a URL, or a node with its other fields), and any other field of the format. */
export interface FileNetwork {
  readonly name: string;
  readonly label: string;
  readonly chainId: number;
  readonly nodes?: ReadonlyArray<string | { readonly url: string; readonly [field: string]: unknown }>;
  readonly [field: string]: unknown;
}

export interface NetworksFile {
  /** The file, for NETWORKS_FILE. */
  readonly path: string;
  remove(): Promise<void>;
}

/** A NETWORKS_FILE in a temporary directory of its own, as an operator writes one (docs/contributing.md). */
export async function writeNetworksFile(networks: readonly FileNetwork[]): Promise<NetworksFile> {
  const directory = await mkdtemp(join(tmpdir(), 'networks-file-'));
  const path = join(directory, 'networks.yaml');
  const listed = networks.map(({ nodes, ...network }) =>
    nodes === undefined ? network : { ...network, nodes: nodes.map((node) => (typeof node === 'string' ? { url: node } : node)) },
  );
  await writeFile(path, stringify({ networks: listed }));
  return { path, remove: () => rm(directory, { recursive: true, force: true }) };
}
