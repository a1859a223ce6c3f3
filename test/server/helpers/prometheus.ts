/** The value of one series in a Prometheus text scrape (0 when absent), summed over any further labels. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match === null || match[1] !== name) continue;
    const own = match[2] ?? '';
    if (Object.entries(labels).every(([key, value]) => own.includes(`${key}="${value}"`))) total += Number(match[3]);
  }
  return total;
}
