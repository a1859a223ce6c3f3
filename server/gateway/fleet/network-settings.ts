import { readFileSync } from 'node:fs';
import { isMap, isNode, isSeq, LineCounter, parseDocument, type Document, type Node, type YAMLMap } from 'yaml';
import { BUILT_IN_NETWORKS, NETWORK_NAME, upstreamSettings } from '@/domain/networks';
import { ConfigError, parseHttpUrl, parseUrlWithProtocols, readVar } from '@server/config-values';

/** One node of a network: where it answers, and what it is good for. */
export interface NodeSpec {
  readonly url: string;
  /** Its WebSocket; null = its HTTP URL on ws:// or wss:// (anvil, geth and reth serve both on one port when asked). */
  readonly ws: string | null;
  /** It keeps old state: calls for blocks older than the recent ones go to archive nodes when there are any. */
  readonly archive: boolean;
  /** Its share of the reads against the network's other nodes (before their recent answer times are weighed). */
  readonly weight: number;
}

/** A network the gateway serves, and the nodes it serves from. */
export interface NetworkSpec {
  /** The {network} path segment. */
  readonly name: string;
  readonly label: string;
  readonly chainId: number;
  /** Empty: none configured (local mode then starts an anvil for it; production refuses to start). */
  readonly nodes: readonly NodeSpec[];
  /** A node further behind the network's head than this is out of rotation until it catches up. */
  readonly maxLagBlocks: number;
  /** Blocks this far below the head are final: answers about them are kept until the cache needs room. */
  readonly finalityDepth: number;
  /** A slow read is sent to a second node too (after a delay set from recent answer times): on costs the operator node calls. */
  readonly hedge: boolean;
}

export const networkDefaults = { maxLagBlocks: 5, finalityDepth: 64, hedge: false, weight: 1 } as const;

/**
 * The networks: NETWORKS_FILE's when set, else the built-in two (src/domain/networks.ts). Either way
 * UPSTREAM_{NETWORK}_URL, a comma-separated list, replaces a network's nodes (and
 * UPSTREAM_{NETWORK}_WS_URL, a list in the same order, their WebSockets). Throws one ConfigError
 * naming each problem, with the file's line where it has one.
 */
export function readNetworks(
  env: Record<string, string | undefined>,
  readFile = (path: string) => readFileSync(path, 'utf8'),
): NetworkSpec[] {
  const problems: string[] = [];
  const path = readVar(env, 'NETWORKS_FILE');
  let networks: NetworkSpec[];
  if (path === undefined) {
    networks = BUILT_IN_NETWORKS.map((network) => ({ ...network, nodes: [], ...withoutWeight(networkDefaults) }));
  } else {
    let text: string | null = null;
    try {
      text = readFile(path);
    } catch (error) {
      problems.push(`NETWORKS_FILE="${path}" could not be read (${error instanceof Error ? error.message : String(error)}).`);
    }
    networks = text === null ? [] : parseNetworksFile(path, text, problems);
  }
  const withNodes = networks.map((network) => {
    const names = upstreamSettings(network.name);
    const urls = readList(env, names.url, parseHttpUrl, problems);
    if (urls === null) return network;
    const sockets = readList(env, names.wsUrl, (name, value) => parseUrlWithProtocols(name, value, ['ws:', 'wss:']), problems) ?? [];
    if (sockets.length > 0 && sockets.length !== urls.length) {
      problems.push(
        `${names.wsUrl} lists ${sockets.length} WebSocket URLs for the ${urls.length} nodes of ${names.url}: list one per node, in the same order.`,
      );
    }
    const nodes = urls.map((url, index) => ({ url, ws: sockets[index] ?? null, archive: false, weight: networkDefaults.weight }));
    return { ...network, nodes };
  });
  if (problems.length > 0) throw new ConfigError(path === undefined ? 'UPSTREAM_URL' : 'NETWORKS_FILE', problems.join('\n'));
  return withNodes;
}

function withoutWeight({ maxLagBlocks, finalityDepth, hedge }: typeof networkDefaults) {
  return { maxLagBlocks, finalityDepth, hedge };
}

function readList(
  env: Record<string, string | undefined>,
  name: string,
  parse: (name: string, value: string) => string,
  problems: string[],
): string[] | null {
  const value = readVar(env, name);
  if (value === undefined) return null;
  const list: string[] = [];
  for (const item of value.split(',').map((part) => part.trim())) {
    if (item === '') continue;
    try {
      list.push(parse(name, item));
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(error.message);
    }
  }
  return list;
}

/** Reads the YAML of NETWORKS_FILE; each problem is noted with its line, and what is valid is kept. */
export function parseNetworksFile(path: string, text: string, problems: string[]): NetworkSpec[] {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const at = (node: unknown): string => {
    const offset = isNode(node) ? node.range?.[0] : undefined;
    return offset === undefined ? path : `${path} line ${lines.linePos(offset).line}`;
  };
  for (const error of doc.errors) problems.push(`${path} line ${lines.linePos(error.pos[0]).line}: ${error.message.split('\n')[0]}`);
  if (doc.errors.length > 0) return [];
  const list = isMap(doc.contents) ? doc.contents.get('networks', true) : undefined;
  if (!isSeq(list) || list.items.length === 0) {
    problems.push(`${at(list ?? doc.contents)}: the file needs a "networks:" list with at least one network.`);
    return [];
  }
  const seen = new Set<string>();
  const networks: NetworkSpec[] = [];
  for (const item of list.items) {
    if (!isMap(item)) {
      problems.push(`${at(item)}: each network is a mapping (name, label, chainId, nodes).`);
      continue;
    }
    const field = new FieldReader(doc, item, at, problems);
    const name = field.text('name', NETWORK_NAME, 'a lower-case name of letters, digits and hyphens (the {network} path segment)');
    if (name !== null && seen.has(name)) problems.push(`${at(item.get('name', true))}: the network "${name}" is listed twice.`);
    if (name !== null) seen.add(name);
    const label = field.text('label', /^.{1,40}$/, 'a label of 1 to 40 characters');
    const chainId = field.integer('chainId', 1, Number.MAX_SAFE_INTEGER, null);
    const maxLagBlocks = field.integer('maxLagBlocks', 1, 10_000, networkDefaults.maxLagBlocks);
    const finalityDepth = field.integer('finalityDepth', 1, 100_000, networkDefaults.finalityDepth);
    const hedge = field.boolean('hedge', networkDefaults.hedge);
    const nodes = readNodes(doc, item.get('nodes', true), at, problems);
    if (name !== null && label !== null && chainId !== null && maxLagBlocks !== null && finalityDepth !== null && hedge !== null) {
      networks.push({ name, label, chainId, nodes, maxLagBlocks, finalityDepth, hedge });
    }
  }
  return networks;
}

function readNodes(doc: Document, list: unknown, at: (node: unknown) => string, problems: string[]): NodeSpec[] {
  if (list === undefined) return [];
  if (!isSeq(list)) {
    problems.push(`${at(list)}: "nodes" is a list of nodes, each with a url.`);
    return [];
  }
  const nodes: NodeSpec[] = [];
  for (const item of list.items) {
    if (!isMap(item)) {
      problems.push(`${at(item)}: each node is a mapping with a url (and optionally ws, archive, weight).`);
      continue;
    }
    const field = new FieldReader(doc, item, at, problems);
    const url = field.url('url', ['http:', 'https:'], true);
    const ws = field.url('ws', ['ws:', 'wss:'], false);
    const archive = field.boolean('archive', false);
    const weight = field.integer('weight', 1, 1000, networkDefaults.weight);
    if (url !== null && archive !== null && weight !== null) nodes.push({ url, ws, archive, weight });
  }
  return nodes;
}

/** Reads one mapping's fields, noting each problem with its line. */
class FieldReader {
  constructor(
    private readonly doc: Document,
    private readonly map: YAMLMap,
    private readonly at: (node: unknown) => string,
    private readonly problems: string[],
  ) {}

  private node(key: string): { node: Node | null; value: unknown } {
    const node = this.map.get(key, true);
    if (!isNode(node)) return { node: null, value: node ?? undefined };
    const value: unknown = node.toJSON(this.doc);
    return { node, value: value ?? undefined };
  }

  /** Notes the problem at `node`'s line, or the mapping's when the field is missing. */
  private refuse(node: Node | null, message: string): null {
    this.problems.push(`${this.at(node ?? this.map)}: ${message}`);
    return null;
  }

  text(key: string, pattern: RegExp, what: string): string | null {
    const { node, value } = this.node(key);
    if (value === undefined) return this.refuse(null, `"${key}" is missing: give ${what}.`);
    if (typeof value !== 'string' || !pattern.test(value)) return this.refuse(node, `"${key}" must be ${what}.`);
    return value;
  }

  integer(key: string, min: number, max: number, fallback: number | null): number | null {
    const { node, value } = this.node(key);
    if (value === undefined) return fallback ?? this.refuse(null, `"${key}" is missing: give a whole number from ${min} to ${max}.`);
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      return this.refuse(node, `"${key}" must be a whole number from ${min} to ${max}.`);
    }
    return value;
  }

  boolean(key: string, fallback: boolean): boolean | null {
    const { node, value } = this.node(key);
    if (value === undefined) return fallback;
    if (typeof value !== 'boolean') return this.refuse(node, `"${key}" must be true or false.`);
    return value;
  }

  url(key: string, protocols: readonly string[], required: boolean): string | null {
    const { node, value } = this.node(key);
    if (value === undefined)
      return required ? this.refuse(null, `"${key}" is missing: give the node's ${protocols.join(' or ')} address.`) : null;
    if (typeof value !== 'string') return this.refuse(node, `"${key}" must be a ${protocols.join(' or ')} address.`);
    let protocol = '';
    try {
      protocol = new URL(value).protocol;
    } catch {
      // Not a URL: refused below (the value is not shown: it may carry a key).
    }
    if (!protocols.includes(protocol))
      return this.refuse(node, `"${key}" must be a ${protocols.join(' or ')} address (the value is not shown: it may carry a key).`);
    return value.replace(/\/+$/, '');
  }
}

/** The settings that give `networks` their nodes as they are now (a process's own nodes, handed to its workers): UPSTREAM_{NETWORK}_URL and _WS_URL lists. */
export function nodeSettings(networks: readonly NetworkSpec[]): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const network of networks) {
    if (network.nodes.length === 0) continue;
    const names = upstreamSettings(network.name);
    settings[names.url] = network.nodes.map((node) => node.url).join(',');
    if (network.nodes.some((node) => node.ws !== null)) {
      settings[names.wsUrl] = network.nodes.map((node) => node.ws ?? node.url.replace(/^http(s?):/, 'ws$1:')).join(',');
    }
  }
  return settings;
}
