// A reader of the Prometheus text exposition format (version 0.0.4), enough to check /metrics:
// # HELP and # TYPE lines, and samples `name{label="value",…} number [timestamp]`.

export type Sample = { name: string; labels: Record<string, string>; value: number };
export type Family = { name: string; type: string; help: string; samples: Sample[] };

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})?\s+(\S+)(\s+-?\d+)?$/;
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*(,|$)/y;
const SUFFIXES = ['_bucket', '_sum', '_count', '_total', '_created'];

function parseValue(text: string): number {
  if (text === '+Inf') return Number.POSITIVE_INFINITY;
  if (text === '-Inf') return Number.NEGATIVE_INFINITY;
  if (text === 'NaN') return Number.NaN;
  const value = Number(text);
  if (text === '' || Number.isNaN(value)) throw new Error(`not a sample value: ${text}`);
  return value;
}

function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const at = LABEL.lastIndex;
    const match = LABEL.exec(text);
    if (!match || match.index !== at) throw new Error(`bad labels: {${text}}`);
    const [, name, raw] = match as unknown as [string, string, string];
    labels[name] = raw.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
  }
  return labels;
}

/** Every family of a scrape by name; throws on a line that is not of the format. */
export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const family = (name: string) => {
    let found = families.get(name);
    if (!found) {
      found = { name, type: 'untyped', help: '', samples: [] };
      families.set(name, found);
    }
    return found;
  };
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const meta = /^#\s+(HELP|TYPE)\s+(\S+)\s?(.*)$/.exec(line);
    if (meta) {
      const [, kind, name, rest] = meta as unknown as [string, string, string, string];
      if (kind === 'HELP') family(name).help = rest;
      else family(name).type = rest;
      continue;
    }
    if (line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
    const [, name, , labels, value] = match as unknown as [string, string, string, string, string];
    // A histogram's or counter's samples belong to the family declared without their suffix.
    const owner =
      SUFFIXES.map((s) => (name.endsWith(s) ? name.slice(0, -s.length) : '')).find((base) =>
        families.has(base),
      ) ?? name;
    family(owner).samples.push({
      name,
      labels: labels ? parseLabels(labels) : {},
      value: parseValue(value),
    });
  }
  return families;
}

/** The samples of a scrape named `name` whose labels include `labels`. */
export function samples(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): Sample[] {
  return [...families.values()]
    .flatMap((f) => f.samples)
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
}

/** The sum of those samples' values (0 when there are none). */
export function total(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): number {
  return samples(families, name, labels).reduce((sum, s) => sum + s.value, 0);
}
