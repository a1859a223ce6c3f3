import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { billingFrequencies, billingPeriods, discountLabel, planCatalog } from '@/domain/plan-catalog';
import { lineOf, parsedSource, sourceFiles } from '../support/source-tree';

/**
 * One place for each fact of the plans: src/domain/plan-catalog.ts. This scans the
 * product's code (not the tests, which name plans as table data) and fails where a fact is written a
 * second time:
 * - a plan's name as a string literal (a gate or a rule by name: ask the row's entitlements or how
 *   it is sold instead);
 * - the yearly discount's label ('- 10%');
 * - a billing frequency compared (`frequency === 'MONTHLY'`: read `billingPeriods`, or parse with
 *   `parseBillingFrequency`) or listed (an array or an object naming two of them: use
 *   `billingFrequencies`, `billingPeriods` or `byFrequency`).
 * The names and frequencies are read from the catalog, so a new plan is covered without a change here.
 */

const scannedFolders = ['src', 'machines', 'server', 'bench', 'scripts'];
const catalogFile = 'src/domain/plan-catalog.ts';

/** Literals that spell a plan's name without meaning the plan: file → why. */
const notPlans: Readonly<Record<string, string>> = {
  'src/views/dedicated-nodes/node-order-texts.ts': "'Free' is the price badge of a streaming plugin of a dedicated node, not a plan",
  'src/domain/roles.ts': "'Developer' is a member's role in a project, not a plan",
};

const planNames = new Set<string>(planCatalog.map((plan) => plan.name));
const frequencies = new Set<string>(billingFrequencies);
const discountLabels = billingFrequencies.flatMap((frequency) => discountLabel(frequency) ?? []);
const comparisons = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

interface Finding {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

const isStringLiteral = (node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);

/** The literal texts of a template or string (a template's parts one by one). */
function literalTexts(node: ts.Node): string[] {
  if (isStringLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
  if (ts.isJsxText(node)) return [node.text];
  return [];
}

const frequencyLiteral = (node: ts.Node) => isStringLiteral(node) && frequencies.has(node.text);

function propertyName(node: ts.ObjectLiteralElementLike): string | null {
  const name = node.name;
  if (name === undefined) return null;
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : null;
}

/** What the file writes of the catalog's facts, by kind. */
function scan(file: string): { planNames: Finding[]; discounts: Finding[]; frequencies: Finding[] } {
  const source = parsedSource(file);
  const found = { planNames: [] as Finding[], discounts: [] as Finding[], frequencies: [] as Finding[] };
  const at = (node: ts.Node): Finding => ({
    file,
    line: lineOf(source, node),
    text: node.getText(source).slice(0, 80),
  });
  const visit = (node: ts.Node): void => {
    if (isStringLiteral(node) && planNames.has(node.text)) found.planNames.push(at(node));
    if (ts.isJsxText(node) && planNames.has(node.text.trim())) found.planNames.push(at(node));
    if (literalTexts(node).some((part) => discountLabels.some((label) => part.includes(label)))) found.discounts.push(at(node));
    if (ts.isBinaryExpression(node) && comparisons.has(node.operatorToken.kind) && [node.left, node.right].some(frequencyLiteral)) {
      found.frequencies.push(at(node));
    }
    if (ts.isCaseClause(node) && frequencyLiteral(node.expression)) found.frequencies.push(at(node));
    if (ts.isArrayLiteralExpression(node) && node.elements.filter(frequencyLiteral).length > 1) found.frequencies.push(at(node));
    if (
      ts.isObjectLiteralExpression(node) &&
      node.properties.filter((property) => frequencies.has(propertyName(property) ?? '')).length > 1
    ) {
      found.frequencies.push(at(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = sourceFiles(scannedFolders).filter((path) => path !== catalogFile);
const findings = files.map(scan);
const report = (pick: (found: ReturnType<typeof scan>) => Finding[], allowed: (finding: Finding) => boolean = () => false) =>
  findings
    .flatMap(pick)
    .filter((finding) => !allowed(finding))
    .map((finding) => `${finding.file}:${finding.line}: ${finding.text}`);

describe('the plan facts are written once, in src/domain/plan-catalog.ts', () => {
  it('scans the product code', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('src/domain/billing-plans.ts');
    expect(files).not.toContain(catalogFile);
  });

  it('names no plan outside the catalog: gates ask the entitlements, rules ask how a plan is sold', () => {
    expect(
      report(
        (found) => found.planNames,
        (finding) => finding.file in notPlans,
      ),
    ).toEqual([]);
  });

  it("writes the yearly discount's label nowhere else (discountLabel)", () => {
    expect(report((found) => found.discounts)).toEqual([]);
  });

  it('neither compares nor lists billing frequencies elsewhere (parseBillingFrequency, billingPeriods, billingFrequencies, byFrequency)', () => {
    expect(report((found) => found.frequencies)).toEqual([]);
  });

  it('keeps each allowance of a plan-named literal in use', () => {
    for (const file of Object.keys(notPlans)) {
      expect(findings[files.indexOf(file)]?.planNames.length ?? 0, file).toBeGreaterThan(0);
    }
  });

  it('finds what it is meant to find (a check of the scanner on the catalog itself)', () => {
    const catalog = scan(catalogFile);
    expect(catalog.planNames.map((finding) => finding.text)).toEqual(expect.arrayContaining(planCatalog.map((plan) => `'${plan.name}'`)));
    expect(catalog.frequencies.length).toBeGreaterThan(0);
    expect(Object.keys(billingPeriods)).toEqual([...billingFrequencies]);
  });
});
