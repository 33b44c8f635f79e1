// Reading a service's Prometheus endpoint (its METRICS_PORT) the way a test asserts a counter moved.

/** The sum of the series `name` whose labels include `labels`, on the /metrics of `port`, scraped now. */
export async function scrapedSum(port: number, name: string, labels: Record<string, string> = {}): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) && wanted.every((label) => line.includes(label)))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}
