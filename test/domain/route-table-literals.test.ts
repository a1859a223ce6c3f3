import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { legacyRedirects, routeIds, routeFacts } from '@/domain/route-table';
import { lineOf, parsedSource, sourceFiles } from '../support/source-tree';

/**
 * The route table (src/domain/route-table.ts) is the one place a route's path is written: the SPA
 * links with `paths`, the server builds its links to the SPA from `paths` too. This scans the code
 * (src/, machines/, server/; tests may write paths) for string literals and template parts that
 * spell a route, and in the SPA for a link or route pattern given as a literal (a route outside
 * the table).
 */
const scanned = ['src', 'machines', 'server'];
/** The table itself, and the API's generated contract (its operation paths are not the SPA's). */
const exempt = new Set(['src/domain/route-table.ts', 'src/api/schema.d.ts']);

/** The fixed start of each route ('/reset-password/:token' → '/reset-password'), but '/', which every path starts with. */
const routeStarts = [...routeIds.map((id) => routeFacts(id).path.split('/:')[0] ?? ''), ...legacyRedirects.map(({ from }) => from)].filter(
  (start) => start !== '' && start !== '/',
);

/** Whether a piece of text begins with a route: the route itself, or followed by a subpath, a query or a fragment. */
function spellsRoute(text: string): boolean {
  return routeStarts.some((start) => text.startsWith(start) && /^(?:$|[/?#])/.test(text.slice(start.length)));
}

const httpMethods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch']);
const isMethodLiteral = (node: ts.Node) => ts.isStringLiteral(node) && httpMethods.has(node.text);

/**
 * An operation path of the API client (`client.GET('/usage')`, `$api.useQuery('get', '/usage')`):
 * the API shares a few paths with the SPA (GET /usage), typed by the contract.
 */
function isApiOperationPath(node: ts.Node): boolean {
  const call = node.parent;
  if (!ts.isCallExpression(call) || !call.arguments.some((argument) => argument === node)) return false;
  const callee = call.expression;
  if (ts.isPropertyAccessExpression(callee) && httpMethods.has(callee.name.text.toLowerCase())) return true;
  return call.arguments.some(isMethodLiteral);
}

/** The text of each string literal and template part, with where it is. */
function literalsOf(file: string): Array<{ node: ts.Node; text: string; where: string }> {
  const source = parsedSource(file);
  const found: Array<{ node: ts.Node; text: string; where: string }> = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isTemplateLiteralToken(node)) {
      found.push({ node, text: node.text, where: `${file}:${lineOf(source, node)}` });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A literal the SPA navigates with: a link's href, a route's path, a redirect's target, navigate('/…'). */
function isNavigationLiteral(node: ts.Node): boolean {
  const parent = node.parent;
  const attribute = ts.isJsxExpression(parent) ? parent.parent : parent;
  if (ts.isJsxAttribute(attribute)) return ['href', 'path', 'to'].includes(attribute.name.getText());
  return ts.isCallExpression(parent) && parent.arguments[0] === node && /^(?:navigate|setLocation)$/.test(parent.expression.getText());
}

const files = sourceFiles(scanned).filter((path) => !exempt.has(path));

describe('route paths are written in the route table only', () => {
  it('scans the code', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(routeStarts).toEqual(expect.arrayContaining(['/login', '/settings', '/reset-password', '/coming-soon', '/api-keys']));
  });

  it.each([
    ['/settings', true],
    ['/settings/profile', true],
    ['/billing/success?checkout=', true],
    ['/endpoints#', true],
    ['/coming-soon/', true],
    ['/settings-x', false],
    ['/', false],
    ['/api/usage', false],
    ['settings', false],
  ])('%s spells a route: %s', (text, expected) => expect(spellsRoute(text)).toBe(expected));

  it('no literal outside the table spells a route (link with `paths` from src/domain/paths.ts)', () => {
    const offenders = files.flatMap((file) =>
      literalsOf(file)
        .filter(({ node, text }) => spellsRoute(text) && !isApiOperationPath(node))
        .map(({ where, text }) => `${where} ${text}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the SPA navigates to no literal path (a route outside the table)', () => {
    const offenders = files
      .filter((file) => /^(?:src|machines)\//.test(file))
      .flatMap((file) =>
        literalsOf(file)
          .filter(({ node, text }) => text.startsWith('/') && isNavigationLiteral(node))
          .map(({ where, text }) => `${where} ${text}`),
      );
    expect(offenders).toEqual([]);
  });
});
