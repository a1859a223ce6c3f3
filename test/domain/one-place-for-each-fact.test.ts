import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { NETWORK_NAME, NETWORKS } from '@/domain/networks';
import { PUBLIC_METHODS } from '@/domain/rpc-method-registry';
import { lineOf, parsedSource, repoRoot, sourceFiles } from '../support/source-tree';

/**
 * One place for each fact: each fact about the served RPC methods is written in the method
 * registry (src/domain/rpc-method-registry.ts) and nowhere else. This reads every source file of the
 * tree (not the tests) and fails on a second table of methods: a public method's name as an element of
 * a list, a Set or a Map, as a key of an object, as an argument of a row of a list
 * (`[row('Logs', 'eth_getLogs'), …]`) or compared to (`=== 'eth_getLogs'`, `case`). Naming the method
 * of a call to a node (`method: 'eth_chainId'`, `callNode(node, 'eth_blockNumber', [])`) is not a fact
 * about it.
 *
 * Likewise each network is named only in the network list (src/domain/networks.ts): no string, key,
 * property or variable named after a network (`'mainnet'`, `{ devnet: … }`, `upstreams.mainnet`,
 * `upstreamMainnetUrl`, `'UPSTREAM_MAINNET_URL'`) anywhere else; code goes through NETWORKS,
 * byNetwork, NETWORK_FACTS and upstreamSettings. Prose that merely mentions a network is not a fact.
 */

const root = `${repoRoot}/`;

const sources = sourceFiles(['src', 'server', 'machines', 'bench']);

interface Finding {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

/** Every node of `file` that `matches` says is a second place of a fact. */
function findings(file: string, matches: (node: ts.Node) => boolean): Finding[] {
  const source = parsedSource(file);
  const found: Finding[] = [];
  const visit = (node: ts.Node): void => {
    if (matches(node)) {
      found.push({ file, line: lineOf(source, node), text: node.getText(source) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function literalText(node: ts.Node): string | null {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : null;
}

const methods: ReadonlySet<string> = new Set(PUBLIC_METHODS);

/** A public method's name as a listed element, an object key, an argument of a listed row, or one side of a comparison. */
function listsAMethod(node: ts.Node): boolean {
  const parent = node.parent;
  if (parent === undefined) return false;
  if (ts.isPropertyAssignment(parent) && parent.name === node) {
    const key = ts.isIdentifier(node) ? node.text : literalText(node);
    return key !== null && methods.has(key);
  }
  const name = literalText(node);
  if (name === null || !methods.has(name)) return false;
  if (ts.isArrayLiteralExpression(parent) || ts.isCaseClause(parent)) return true;
  // A row of a table built by a helper: `[row('Chain', 'eth_chainId'), …]`.
  if (ts.isCallExpression(parent) && parent.arguments.some((argument) => argument === node))
    return ts.isArrayLiteralExpression(parent.parent);
  if (!ts.isBinaryExpression(parent)) return false;
  const operator = parent.operatorToken.kind;
  return [
    ts.SyntaxKind.EqualsEqualsEqualsToken,
    ts.SyntaxKind.ExclamationEqualsEqualsToken,
    ts.SyntaxKind.EqualsEqualsToken,
    ts.SyntaxKind.ExclamationEqualsToken,
  ].includes(operator);
}

const networks: ReadonlySet<string> = new Set(NETWORKS);
const networkInName = new RegExp(
  NETWORKS.map((network) => `${network[0]?.toUpperCase()}${network.slice(1)}|${network.toUpperCase()}`).join('|'),
);

/** A network's name as a string, key, property or variable, or inside an identifier or a setting's name. */
function namesANetwork(node: ts.Node): boolean {
  const text = ts.isIdentifier(node) || ts.isPrivateIdentifier(node) ? node.text : literalText(node);
  if (text === null) return false;
  return networks.has(text) || networkInName.test(text);
}

/**
 * Where a network is named on purpose, and why: the FAQ's sentence on the networks (user-visible
 * text, with each one's chain id).
 */
const namesNetworksOnPurpose = ['src/domain/faq.ts'];

describe('one place for each fact', () => {
  it('reads the tree', () => {
    expect(sources).toContain('src/domain/rpc-method-registry.ts');
    expect(sources.length).toBeGreaterThan(100);
  });

  it('writes the facts of a public method only in the method registry', () => {
    const elsewhere = sources
      .filter((file) => file !== 'src/domain/rpc-method-registry.ts')
      .flatMap((file) => findings(file, listsAMethod));
    expect(elsewhere).toEqual([]);
  });

  it('names a network only in the network list', () => {
    const elsewhere = sources
      .filter((file) => file !== 'src/domain/networks.ts' && !namesNetworksOnPurpose.includes(file))
      .flatMap((file) => findings(file, namesANetwork));
    expect(elsewhere).toEqual([]);
  });

  it('ends a gateway call in one place, for HTTP and WebSocket alike: refusals of the admission, metering, the request log', () => {
    // The quota's and the rate's errors are chosen by admissionRefusal; calls are metered and logged by CallRecords.
    const ending = (node: ts.Node): boolean => {
      if (ts.isPropertyAccessExpression(node))
        return ['quotaExceeded', 'rateLimited'].includes(node.name.text) && node.expression.getText() === 'gatewayErrors';
      if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return false;
      const { name, expression } = node.expression;
      return (
        (name.text === 'count' && /meter$/i.test(expression.getText())) || (name.text === 'record' && /log$/i.test(expression.getText()))
      );
    };
    const elsewhere = sources
      .filter((file) => file.startsWith('server/gateway/') && file !== 'server/gateway/call-records.ts')
      .flatMap((file) => findings(file, ending));
    expect(elsewhere).toEqual([]);
    expect(findings('server/gateway/call-records.ts', ending).length).toBeGreaterThanOrEqual(4);
  });

  it("spells the contract's network names by the list's rule (the networks themselves are configuration)", () => {
    const contract: unknown = parse(readFileSync(`${root}openapi.yaml`, 'utf8'));
    expect(contract).toMatchObject({ components: { schemas: { Network: { pattern: NETWORK_NAME.source } } } });
  });

  it('sees a network named outside the list (the check itself)', () => {
    const hits = (code: string) => {
      const sample = ts.createSourceFile('sample.ts', code, ts.ScriptTarget.Latest, true);
      const found: string[] = [];
      const visit = (node: ts.Node): void => {
        if (namesANetwork(node)) found.push(node.getText(sample));
        ts.forEachChild(node, visit);
      };
      visit(sample);
      return found;
    };
    expect(hits("const n = 'devnet';")).toEqual(["'devnet'"]);
    expect(hits('const urls = { mainnet: a };')).toEqual(['mainnet']);
    expect(hits('upstreams.devnet?.close();')).toEqual(['devnet']);
    expect(hits('config.upstreamMainnetUrl;')).toEqual(['upstreamMainnetUrl']);
    expect(hits("read('UPSTREAM_DEVNET_URL');")).toEqual(["'UPSTREAM_DEVNET_URL'"]);
    expect(hits("const text = 'the mainnet node'; byNetwork(make);")).toEqual([]);
  });

  it('sees a second table of methods (the check itself)', () => {
    const sample = (code: string) => {
      const source = ts.createSourceFile('sample.ts', code, ts.ScriptTarget.Latest, true);
      const hits: string[] = [];
      const visit = (node: ts.Node): void => {
        if (listsAMethod(node)) hits.push(node.getText(source));
        ts.forEachChild(node, visit);
      };
      visit(source);
      return hits;
    };
    expect(sample("const logs = new Set(['eth_getLogs', 'eth_call']);")).toEqual(["'eth_getLogs'", "'eth_call'"]);
    expect(sample("const classes = new Map([['eth_getLogs', 'logs']]);")).toEqual(["'eth_getLogs'"]);
    expect(sample("const classes = { eth_getLogs: 'logs', 'eth_call': 'standard' };")).toEqual(['eth_getLogs', "'eth_call'"]);
    expect(sample("if (method === 'eth_sendRawTransaction') charge(40);")).toEqual(["'eth_sendRawTransaction'"]);
    expect(sample("switch (method) { case 'eth_getLogs': break; }")).toEqual(["'eth_getLogs'"]);
    expect(sample("const offered = [method('Chain', 'eth_chainId')];")).toEqual(["'eth_chainId'"]);
    expect(sample("send({ method: 'eth_chainId', params: [] }); callNode(node, 'eth_blockNumber', []); ['eth_subscribe'];")).toEqual([]);
  });
});
