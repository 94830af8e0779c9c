// The sanctions list in memory, indexed for screening: each listed name and alias split once, and
// filed under a short key of the token every match must meet, so a screening scores a few hundred
// names rather than the whole list (docs/sanctions.md, "Speed").

import {
  type NameTokens,
  type PreparedName,
  phoneticKey,
  prepareName,
  scorePrepared,
  THRESHOLD,
} from './name-match';
import type { BirthDate, ListSource } from './ofac-files';

/** A listed entry as screening needs it (a row of `sanctions_entries`). */
export interface IndexEntry {
  source: ListSource;
  entryId: string;
  name: string;
  type: string;
  aliases: { type: string; name: string }[];
  countries: string[];
  birthDates: BirthDate[];
  contentHash: string;
}

export interface Match {
  source: ListSource;
  entryId: string;
  listedName: string;
  /** The name or alias that scored best. */
  matchedName: string;
  score: number;
  contentHash: string;
}

/** What is known of the screened person from a document (their ID) or the recipient's country. */
export interface KnownFacts {
  /** YYYY-MM-DD, from a verified identity document. */
  birthDate?: string | null;
  /** ISO 3166 alpha-2 (a remittance recipient's country). */
  country?: string | null;
}

/** A listed date of birth that the person's cannot be (years apart beyond the list's own range). */
const BIRTH_DATE_MISMATCH = 0.08;
/** A listed individual whose countries do not include the recipient's. */
const COUNTRY_MISMATCH = 0.03;

/** Matches kept per screening (the strongest), for the staff queue. */
const KEEP = 5;

interface IndexedName {
  entry: IndexEntry;
  name: string;
  prepared: PreparedName;
}

/** The key a token is filed under: the first two letters of how it sounds (see phoneticKey). */
function keyOf(token: string): string {
  return token.length === 1 ? `i:${token}` : `k:${phoneticKey(token).slice(0, 2)}`;
}

/**
 * The keys a listed name is filed under. A score can reach THRESHOLD only when every required
 * listed token is matched (each is half the listed side: see name-match.ts, `score`), so the first
 * family name (or, for a name without a comma, its first token) is filed under its key and under
 * its initial (a query may write it as one letter).
 */
function listedKeys(tokens: NameTokens): string[] {
  const anchor = tokens.ordered ? tokens.family[0] : tokens.all[0];
  if (!anchor) return [];
  return [keyOf(anchor), `i:${anchor[0]}`];
}

/** The keys a query looks under: each of its tokens (both ways of treating particles). A token
 * matching the anchor at 0.8 or more but differing in the first two sounds is not found: see
 * docs/sanctions.md, "Speed", for what that leaves out. */
function queryKeys(prepared: PreparedName): Set<string> {
  const keys = new Set<string>();
  // A one-letter token (an initial) looks under the listed names' initials; others under keys.
  for (const token of [...prepared.drop.all, ...prepared.glue.all]) keys.add(keyOf(token));
  return keys;
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

function birthYearFits(birthYear: number, listed: BirthDate[]): boolean {
  return listed.some((d) => {
    const slack = d.circa ? 2 : 1;
    return birthYear >= d.year - slack && birthYear <= (d.toYear ?? d.year) + slack;
  });
}

function countryFits(country: string, listed: string[]): boolean {
  const name = countryNames.of(country.toUpperCase())?.toLowerCase();
  return listed.some((c) => {
    const l = c.toLowerCase();
    return l === country.toLowerCase() || (name !== undefined && l === name);
  });
}

/** The score lowered where the person's own facts contradict the listed entry's. */
export function adjustForFacts(score: number, entry: IndexEntry, facts: KnownFacts): number {
  let adjusted = score;
  const year = facts.birthDate ? Number(facts.birthDate.slice(0, 4)) : NaN;
  if (
    Number.isFinite(year) &&
    entry.birthDates.length > 0 &&
    !birthYearFits(year, entry.birthDates)
  ) {
    adjusted -= BIRTH_DATE_MISMATCH;
  }
  if (facts.country && entry.countries.length > 0 && !countryFits(facts.country, entry.countries)) {
    adjusted -= COUNTRY_MISMATCH;
  }
  return Math.max(0, adjusted);
}

export interface ListIndex {
  entryCount: number;
  nameCount: number;
  /** The entries whose best name scores at least `floor` (THRESHOLD unless said), best first. */
  search(name: string, facts?: KnownFacts, floor?: number): Match[];
  /** The same by scoring every listed name: the reference `search` is tested against. */
  scan(name: string, facts?: KnownFacts, floor?: number): Match[];
}

export function buildIndex(entries: IndexEntry[]): ListIndex {
  const names: IndexedName[] = [];
  const byKey = new Map<string, number[]>();
  for (const entry of entries) {
    for (const name of [entry.name, ...entry.aliases.map((a) => a.name)]) {
      const prepared = prepareName(name);
      const at = names.length;
      names.push({ entry, name, prepared });
      for (const key of new Set([...listedKeys(prepared.drop), ...listedKeys(prepared.glue)])) {
        let list = byKey.get(key);
        if (!list) {
          list = [];
          byKey.set(key, list);
        }
        list.push(at);
      }
    }
  }

  function best(candidates: Iterable<number>, name: string, facts: KnownFacts, floor: number) {
    const query = prepareName(name);
    const byEntry = new Map<IndexEntry, Match>();
    for (const at of candidates) {
      const listed = names[at] as IndexedName;
      const raw = scorePrepared(query, listed.prepared);
      if (raw < floor) continue;
      const score = adjustForFacts(raw, listed.entry, facts);
      if (score < floor) continue;
      const seen = byEntry.get(listed.entry);
      if (seen && seen.score >= score) continue;
      byEntry.set(listed.entry, {
        source: listed.entry.source,
        entryId: listed.entry.entryId,
        listedName: listed.entry.name,
        matchedName: listed.name,
        score: Math.round(score * 1000) / 1000,
        contentHash: listed.entry.contentHash,
      });
    }
    return [...byEntry.values()]
      .sort((a, b) => b.score - a.score || a.entryId.localeCompare(b.entryId))
      .slice(0, KEEP);
  }

  return {
    entryCount: entries.length,
    nameCount: names.length,
    search(name, facts = {}, floor = THRESHOLD) {
      const candidates = new Set<number>();
      for (const key of queryKeys(prepareName(name))) {
        for (const at of byKey.get(key) ?? []) candidates.add(at);
      }
      return best(candidates, name, facts, floor);
    },
    scan(name, facts = {}, floor = THRESHOLD) {
      return best(
        names.map((_, i) => i),
        name,
        facts,
        floor,
      );
    },
  };
}
