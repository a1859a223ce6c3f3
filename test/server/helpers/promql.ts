/**
 * Just enough of PromQL and of Prometheus's text exposition to check that an expression names
 * only metrics a scrape has, and filters or groups only by labels those metrics carry.
 */

/** Each sample name of a scrape (a histogram's `_bucket`, `_sum`, `_count` apart): its series' label names, each with the values seen. */
export type ScrapedLabels = Map<string, Map<string, Set<string>>>;

const sampleLine = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? \S+$/;
const labelPair = /([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g;
const typeLine = /^# TYPE ([a-zA-Z_:][\w:]*) (\w+)$/;

/** The sample names a metric of this type is exposed as. */
function sampleNames(name: string, type: string): string[] {
  if (type === 'histogram') return [`${name}_bucket`, `${name}_sum`, `${name}_count`];
  if (type === 'summary') return [name, `${name}_sum`, `${name}_count`];
  return [name];
}

/**
 * Reads a scrape: every declared metric's sample names (with no label when it has no series yet),
 * and the label names of each series seen.
 */
export function scrapedLabels(text: string): ScrapedLabels {
  const labels: ScrapedLabels = new Map();
  for (const line of text.split('\n')) {
    const declared = typeLine.exec(line);
    if (declared?.[1] !== undefined && declared[2] !== undefined) {
      for (const name of sampleNames(declared[1], declared[2])) if (!labels.has(name)) labels.set(name, new Map());
      continue;
    }
    const sample = sampleLine.exec(line);
    if (sample?.[1] === undefined) continue;
    const own = labels.get(sample[1]) ?? new Map<string, Set<string>>();
    for (const [, label, value] of (sample[2] ?? '').matchAll(labelPair)) {
      if (label !== undefined && value !== undefined) own.set(label, (own.get(label) ?? new Set()).add(value));
    }
    labels.set(sample[1], own);
  }
  return labels;
}

const aggregations = new Set([
  'sum',
  'avg',
  'min',
  'max',
  'count',
  'group',
  'stddev',
  'stdvar',
  'topk',
  'bottomk',
  'quantile',
  'count_values',
  'limitk',
  'limit_ratio',
]);

const functions = new Set([
  'abs',
  'absent',
  'absent_over_time',
  'avg_over_time',
  'ceil',
  'changes',
  'clamp',
  'clamp_max',
  'clamp_min',
  'count_over_time',
  'day_of_month',
  'day_of_week',
  'days_in_month',
  'delta',
  'deriv',
  'exp',
  'floor',
  'histogram_avg',
  'histogram_count',
  'histogram_fraction',
  'histogram_quantile',
  'histogram_sum',
  'hour',
  'idelta',
  'increase',
  'irate',
  'label_join',
  'label_replace',
  'last_over_time',
  'ln',
  'log10',
  'log2',
  'max_over_time',
  'min_over_time',
  'minute',
  'month',
  'predict_linear',
  'present_over_time',
  'quantile_over_time',
  'rate',
  'resets',
  'round',
  'scalar',
  'sgn',
  'sort',
  'sort_desc',
  'sqrt',
  'stddev_over_time',
  'stdvar_over_time',
  'sum_over_time',
  'time',
  'timestamp',
  'vector',
  'year',
]);

/** Words that are neither metrics nor functions: binary operators, modifiers, number literals. */
const keywords = new Set(['and', 'or', 'unless', 'bool', 'offset', 'atan2', 'inf', 'nan', 'group_left', 'group_right']);

/** Clauses followed by a parenthesised list of label names. */
const groupings = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right']);

type Token =
  | { readonly kind: 'word'; readonly text: string }
  | { readonly kind: 'open' }
  | { readonly kind: 'close' }
  | { readonly kind: 'matchers'; readonly matchers: readonly Matcher[] }
  | { readonly kind: 'other' };

/** One matcher of a selector: `label op "value"`. */
interface Matcher {
  readonly label: string;
  readonly op: string;
  readonly value: string;
}

/** A `{...}` selector's matchers (`label op "value"`, comma separated). */
function matchersOf(inside: string): Matcher[] {
  const matcher = /([a-zA-Z_]\w*)\s*(=~|!~|!=|=)\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|`([^`]*)`)/g;
  return [...inside.matchAll(matcher)].flatMap(([, label, op, ...values]) => {
    const value = values.find((quoted) => quoted !== undefined);
    return label === undefined || op === undefined || value === undefined ? [] : [{ label, op, value }];
  });
}

/** The end (exclusive) of a quoted string starting at `start`. */
function quotedEnd(expr: string, start: number): number {
  const quote = expr[start];
  let at = start + 1;
  while (at < expr.length && expr[at] !== quote) at += expr[at] === '\\' && quote !== '`' ? 2 : 1;
  return at + 1;
}

/** The end (exclusive) of the `{...}` selector starting at `start`, skipping quoted values. */
function bracesEnd(expr: string, start: number): number {
  let at = start + 1;
  while (at < expr.length && expr[at] !== '}') at = /["'`]/.test(expr[at] ?? '') ? quotedEnd(expr, at) : at + 1;
  return at + 1;
}

/** Splits an expression into words, parentheses and selectors' matchers; strings, ranges, numbers and operators are `other`. */
export function tokenize(expr: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < expr.length) {
    const char = expr[at] ?? '';
    const rest = expr.slice(at);
    const word = /^[a-zA-Z_:][\w:]*/.exec(rest)?.[0];
    if (/\s|,/.test(char)) at += 1;
    else if (char === '(') {
      tokens.push({ kind: 'open' });
      at += 1;
    } else if (char === ')') {
      tokens.push({ kind: 'close' });
      at += 1;
    } else if (char === '{') {
      const end = bracesEnd(expr, at);
      tokens.push({ kind: 'matchers', matchers: matchersOf(expr.slice(at + 1, end - 1)) });
      at = end;
    } else if (char === '[') {
      // A range or a subquery's: durations and Grafana's $__rate_interval.
      at = expr.indexOf(']', at) + 1 || expr.length;
      tokens.push({ kind: 'other' });
    } else if (/["'`]/.test(char)) {
      at = quotedEnd(expr, at);
      tokens.push({ kind: 'other' });
    } else if (word !== undefined) {
      tokens.push({ kind: 'word', text: word });
      at += word.length;
    } else {
      // A number or duration (0.99, 5m, 1e3), a Grafana variable ($instance), an operator.
      at += /^(\d[\w.]*|\$\w+|.)/.exec(rest)?.[0].length ?? 1;
      tokens.push({ kind: 'other' });
    }
  }
  return tokens;
}

/** A metric an expression selects, with its matchers. */
interface Selector {
  readonly metric: string;
  readonly matchers: readonly Matcher[];
  readonly at: number;
}

/** A `by (...)`-like clause, and the token range of the expression whose labels it names. */
interface Grouping {
  readonly clause: string;
  readonly labels: readonly string[];
  readonly from: number;
  readonly to: number;
}

/** The index of the parenthesis matching the one at `open` (searching forward), or backward from a `close`. */
function matching(tokens: readonly Token[], at: number): number {
  const step = tokens[at]?.kind === 'open' ? 1 : -1;
  let depth = 0;
  for (let index = at; index >= 0 && index < tokens.length; index += step) {
    const kind = tokens[index]?.kind;
    if (kind === 'open') depth += step;
    else if (kind === 'close') depth -= step;
    if (depth === 0) return index;
  }
  return at;
}

/** The metrics an expression selects, its grouping clauses, and the words it calls that PromQL does not know. */
export function readExpression(expr: string): { selectors: Selector[]; groupings: Grouping[]; unknownFunctions: string[] } {
  const tokens = tokenize(expr);
  const selectors: Selector[] = [];
  const found: Grouping[] = [];
  const unknownFunctions: string[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (token?.kind !== 'word') continue;
    const next = tokens[index + 1];
    if (groupings.has(token.text) && next?.kind === 'open') {
      const close = matching(tokens, index + 1);
      const labels = tokens.slice(index + 2, close).flatMap((inner) => (inner.kind === 'word' ? [inner.text] : []));
      // `sum by (l) (arg)` names arg's labels; `sum (arg) by (l)` and `a / on (l) b` the expression before it.
      const before = tokens[index - 1];
      const argument =
        before?.kind === 'word' && aggregations.has(before.text)
          ? { from: close + 1, to: matching(tokens, close + 1) }
          : before?.kind === 'close' && (token.text === 'by' || token.text === 'without')
            ? { from: matching(tokens, index - 1), to: index - 1 }
            : { from: 0, to: tokens.length - 1 };
      found.push({ clause: token.text, labels, ...argument });
      index = close;
    } else if (next?.kind === 'open' || (aggregations.has(token.text) && next?.kind === 'word' && groupings.has(next.text))) {
      if (!functions.has(token.text) && !aggregations.has(token.text)) unknownFunctions.push(token.text);
    } else if (!keywords.has(token.text.toLowerCase())) {
      selectors.push({ metric: token.text, matchers: next?.kind === 'matchers' ? next.matchers : [], at: index });
    }
  }
  return { selectors, groupings: found, unknownFunctions };
}

/** Labels Prometheus adds to every series it scrapes, and the series it makes of each scrape. */
const targetLabels = ['instance', 'job'];
const scrapeSeries: ScrapedLabels = new Map([['up', new Map(targetLabels.map((label) => [label, new Set<string>()]))]]);

/**
 * The values a matcher asks for when it names them plainly: its value for `=`, each alternative of a
 * `=~` made only of words (`a|b`); none for a negative matcher, a pattern or a Grafana variable.
 */
function plainValues({ op, value }: Matcher): string[] {
  if (value.includes('$')) return [];
  if (op === '=') return [value];
  return op === '=~' && /^[\w:/ -]+(\|[\w:/ -]+)*$/.test(value) ? value.split('|') : [];
}

/** What is wrong with an expression against a scrape: metrics it does not have, labels they do not carry. */
export function expressionProblems(expr: string, scraped: ScrapedLabels): string[] {
  const { selectors, groupings: clauses, unknownFunctions } = readExpression(expr);
  const labelsOf = (metric: string) => scraped.get(metric) ?? scrapeSeries.get(metric);
  const carries = (metric: string, label: string) => targetLabels.includes(label) || labelsOf(metric)?.has(label) === true;
  const problems = unknownFunctions.map((name) => `calls ${name}(), which PromQL does not have`);
  for (const { metric, matchers } of selectors) {
    if (labelsOf(metric) === undefined) {
      problems.push(`names ${metric}, which the server does not export`);
      continue;
    }
    for (const matcher of matchers) {
      const { label } = matcher;
      if (!carries(metric, label)) problems.push(`filters ${metric} by ${label}, a label it does not have`);
      else if (!targetLabels.includes(label)) {
        const seen = labelsOf(metric)?.get(label) ?? new Set();
        for (const value of plainValues(matcher).filter((asked) => !seen.has(asked)))
          problems.push(`filters ${metric} by ${label}="${value}", a value none of its series has`);
      }
    }
  }
  for (const { clause, labels, from, to } of clauses) {
    const inside = selectors.filter(({ at, metric }) => at > from && at < to && labelsOf(metric) !== undefined);
    for (const label of labels) {
      const without = inside.filter(({ metric }) => !carries(metric, label)).map(({ metric }) => metric);
      if (without.length > 0) problems.push(`${clause} (${label}): ${[...new Set(without)].join(', ')} has no label ${label}`);
    }
  }
  return problems;
}
