// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keysOf } from '@/test/locale-keys';

// Every namespace, found by reading the folders, so a new or renamed file is checked without
// being listed here.
const dir = import.meta.dirname;
const namespacesOf = (language: string) =>
  fs
    .readdirSync(path.join(dir, language))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
const read = (language: string, namespace: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(dir, language, `${namespace}.json`), 'utf8'));

/** Every string of a file by its flattened key; a list's items are `key.0`, `key.1`, … */
function stringsOf(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (typeof value !== 'object' || value === null) return [[prefix, String(value)]];
  return Object.entries(value).flatMap(([key, child]) =>
    stringsOf(child, prefix ? `${prefix}.${key}` : key),
  );
}
/** The i18next placeholders of a sentence ({{amount}}, $t(other.key)), sorted, repeats once. */
const placeholdersOf = (text: string) =>
  [...new Set(text.match(/\{\{[^}]+\}\}|\$t\([^)]*\)/g) ?? [])].sort();

const namespaces = namespacesOf('es');

describe('the translations', () => {
  it('has the same namespace files in Spanish and English', () => {
    expect(namespaces.length).toBeGreaterThan(0);
    expect(namespacesOf('en')).toEqual(namespaces);
  });

  describe.each(namespaces)('%s', (namespace) => {
    const es = read('es', namespace);
    const en = read('en', namespace);

    it('has the same keys in Spanish and English', () => {
      expect(keysOf(es).sort()).toEqual(keysOf(en).sort());
    });

    it('has no empty text in either language', () => {
      const empty = [...stringsOf(es), ...stringsOf(en)].filter(([, text]) => text.trim() === '');
      expect(empty.map(([key]) => key)).toEqual([]);
    });

    it('has the same placeholders in both languages', () => {
      const english = new Map(stringsOf(en));
      const differing = stringsOf(es)
        .filter(([key]) => english.has(key))
        .filter(([key, text]) => {
          const other = placeholdersOf(english.get(key) ?? '');
          return JSON.stringify(placeholdersOf(text)) !== JSON.stringify(other);
        })
        .map(([key]) => key);
      expect(differing).toEqual([]);
    });
  });

  // The flows ask for a missing detail in place (lib/missing-details.tsx): no refusal sends the
  // person to the profile to add something and come back.
  it('has no server refusal that sends the person to the profile', () => {
    for (const language of ['es', 'en']) {
      const elsewhere = stringsOf(read(language, 'errors'))
        .filter(([, text]) => /perfil|profile/i.test(text))
        .map(([key]) => `${language}:${key}`);
      expect(elsewhere).toEqual([]);
    }
  });
});
