/** A table on stdout: the first column left-aligned, the others right-aligned, a rule under the header. */
export function printTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): void {
  const lines = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...lines.map((line) => (line[column] ?? '').length)));
  for (const [index, line] of lines.entries()) {
    console.log(
      line.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  '),
    );
    if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  }
}
