import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { dbRegistry } from './db-gauges';
import { collectProcessMetrics, processRegistry } from './metrics';

// deploy/prometheus/pago-alerts.yml against the metrics Pago exports: a renamed metric or label
// fails here, not silently in production (an alert on a series that no longer exists never fires).

const RULES = fileURLToPath(
  new URL('../../../../../deploy/prometheus/pago-alerts.yml', import.meta.url),
);

type Rule = {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
};

/** Every series name Pago exports (a histogram's _bucket/_sum/_count) with its label names. */
function exported(): Map<string, string[]> {
  collectProcessMetrics();
  const names = new Map<string, string[]>();
  for (const registry of [processRegistry, dbRegistry]) {
    for (const metric of registry.getMetricsAsArray()) {
      const { name, labelNames = [] } = metric as unknown as {
        name: string;
        labelNames?: string[];
      };
      const type = (metric as unknown as { type?: string }).type;
      names.set(name, labelNames);
      if (type === 'histogram') {
        names.set(`${name}_bucket`, [...labelNames, 'le']);
        names.set(`${name}_sum`, labelNames);
        names.set(`${name}_count`, labelNames);
      }
    }
  }
  return names;
}

const rules: Rule[] = (
  parse(fs.readFileSync(RULES, 'utf8')) as { groups: Array<{ name: string; rules: Rule[] }> }
).groups.flatMap((group) => group.rules);

describe('deploy/prometheus/pago-alerts.yml', () => {
  const metrics = exported();

  it('has rules, each named once, with a severity, a summary and an action', () => {
    expect(rules.length).toBeGreaterThanOrEqual(15);
    expect(new Set(rules.map((r) => r.alert)).size).toBe(rules.length);
    for (const rule of rules) {
      expect(rule.alert).toMatch(/^Pago[A-Za-z0-9]+$/);
      expect(['page', 'ticket'], rule.alert).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary?.length, rule.alert).toBeGreaterThan(10);
      // The action names what to do and where the docs say more.
      expect(rule.annotations?.action, rule.alert).toMatch(/docs\/(operations|observability)\.md#/);
    }
  });

  it('only names metrics and labels Pago exports', () => {
    for (const rule of rules) {
      const names = [...rule.expr.matchAll(/\bpago_[a-z0-9_]+/g)].map((m) => m[0]);
      expect(names.length, `${rule.alert} names no Pago metric`).toBeGreaterThan(0);
      for (const name of names) {
        expect(metrics.has(name), `${rule.alert}: ${name} is not exported`).toBe(true);
      }
      for (const [, name, selector] of rule.expr.matchAll(/\b(pago_[a-z0-9_]+)\{([^}]*)\}/g)) {
        for (const [, label] of (selector ?? '').matchAll(/([a-z_]+)\s*(=|!=|=~|!~)/g)) {
          expect(metrics.get(name ?? ''), `${rule.alert}: ${name} has no label ${label}`).toContain(
            label,
          );
        }
      }
      for (const [, label] of rule.expr.matchAll(/by \(([^)]*)\)/g)) {
        for (const each of (label ?? '').split(',').map((l) => l.trim())) {
          if (each === '') continue;
          const carriers = names.filter((name) => metrics.get(name)?.includes(each));
          expect(carriers.length, `${rule.alert}: no metric of it has ${each}`).toBeGreaterThan(0);
        }
      }
    }
  });

  it('passes promtool check rules when promtool is installed', () => {
    let promtool = '';
    try {
      promtool = execFileSync('sh', ['-c', 'command -v promtool'], { encoding: 'utf8' }).trim();
    } catch {
      return; // not installed (Debian's prometheus package has it): the checks above stand
    }
    const out = execFileSync(promtool, ['check', 'rules', RULES], { encoding: 'utf8' });
    expect(out).toContain(`SUCCESS: ${rules.length} rules found`);
  });
});
