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
  tokenSimilarity,
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

/**
 * The keys a token is filed and looked up under: the first two letters of how it sounds (see
 * phoneticKey), and its second and third (so a slip in the first letter, "Barcia" for "Garcia",
 * still meets it). An initial ("J.") has its letter only.
 */
function keysOf(token: string): string[] {
  if (token.length === 1) return [`i:${token}`];
  const sound = phoneticKey(token);
  return [`k:${sound.slice(0, 2)}`, `s:${sound.slice(1, 3)}`];
}

/**
 * The tokens a listed name is filed under (its anchors). A score reaches THRESHOLD only when the
 * listed name's required tokens are matched (see name-match.ts, `score`: they are half of it), so a
 * name written "FAMILY, Given" is filed under its first family name; a name without a comma (an
 * entity, some aliases), all of whose tokens are required, under each of its tokens.
 */
function anchorsOf(tokens: NameTokens): string[] {
  if (tokens.ordered) return tokens.family[0] ? [tokens.family[0]] : [];
  return tokens.all;
}

/** The tokens of a query (both ways of treating particles). */
function queryTokens(prepared: PreparedName): Set<string> {
  return new Set([...prepared.drop.all, ...prepared.glue.all]);
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
  // key → anchor token → the names filed under it
  const byKey = new Map<string, Map<string, number[]>>();
  const file = (key: string, anchor: string, at: number) => {
    let anchors = byKey.get(key);
    if (!anchors) {
      anchors = new Map();
      byKey.set(key, anchors);
    }
    const list = anchors.get(anchor);
    if (!list) anchors.set(anchor, [at]);
    else if (list[list.length - 1] !== at) list.push(at);
  };
  for (const entry of entries) {
    for (const name of [entry.name, ...entry.aliases.map((a) => a.name)]) {
      const prepared = prepareName(name);
      const at = names.length;
      names.push({ entry, name, prepared });
      for (const anchor of new Set([...anchorsOf(prepared.drop), ...anchorsOf(prepared.glue)])) {
        for (const key of [...keysOf(anchor), `i:${anchor[0]}`]) file(key, anchor, at);
      }
    }
  }

  /** The names one of whose anchors a query token meets (similarity above the floor). */
  function candidates(name: string): Set<number> {
    const found = new Set<number>();
    for (const token of queryTokens(prepareName(name))) {
      const checked = new Set<string>();
      for (const key of keysOf(token)) {
        for (const [anchor, list] of byKey.get(key) ?? []) {
          if (checked.has(anchor)) continue;
          checked.add(anchor);
          if (tokenSimilarity(token, anchor) > 0) for (const at of list) found.add(at);
        }
      }
    }
    return found;
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
      return best(candidates(name), name, facts, floor);
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
