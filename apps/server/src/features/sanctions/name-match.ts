// Name matching for sanctions screening: how close a name a customer typed is to a name on the
// Treasury's lists. The approach follows moov-io/watchman's (normalise, split into tokens,
// Jaro-Winkler per token, best alignment of the tokens regardless of order); the code is ours and
// adds what Spanish names need (see docs/sanctions.md).

import { isNickname } from './nicknames';

/** Words that join or introduce family names and carry no identity of their own. */
const PARTICLES = new Set([
  'de',
  'del',
  'la',
  'las',
  'los',
  'y',
  'e',
  'da',
  'das',
  'do',
  'dos',
  'van',
  'von',
]);

/** Lower case, no accents (Á→a, Ñ→n, Ü→u), apostrophes dropped ("NU'MAN" → "numan"), every
 * other non-letter a space, spaces collapsed. */
export function normalise(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`´]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export interface NameTokens {
  /** Given names (before the family names as people write them), when the name says which. */
  given: string[];
  /** Family names, when the name says which (the lists write "FAMILY NAMES, Given Names"). */
  family: string[];
  /** All tokens, particles removed, when the name does not say which part is which. */
  all: string[];
  /** Whether the name had a comma, so given and family are known. */
  ordered: boolean;
}

/** A company's legal form at the end of its name ("S.A. de C.V.", "LLC"): not part of its identity. */
const LEGAL_FORM =
  /(?:^| )(?:s a(?: de c v)?|sa(?: de cv)?|s de r ?l(?: de c ?v)?|s a s|sas|ltda?|llc|inc|corp|co)$/;

/** How particles are treated: dropped ("de la cruz" → cruz), or glued to the next word ("de la
 * cruz" → delacruz), for names that are also written as one word ("Delacruz", "Delrio"). */
export type Particles = 'drop' | 'glue';

function tokens(part: string, particles: Particles): string[] {
  const stripped = normalise(part).replace(LEGAL_FORM, '').trim();
  const words = (stripped === '' ? normalise(part) : stripped).split(' ').filter((w) => w !== '');
  if (particles === 'glue') {
    const glued: string[] = [];
    let pending = '';
    for (const w of words) {
      if (w === 'y' || w === 'e') continue; // a conjunction joins two names; never glued
      if (PARTICLES.has(w)) pending += w;
      else {
        glued.push(pending + w);
        pending = '';
      }
    }
    if (glued.length > 0) return glued;
  }
  const kept = words.filter((w) => !PARTICLES.has(w));
  // A name that is only particles (never on the lists) keeps its words rather than vanishing.
  return kept.length > 0 ? kept : words;
}

/** "GARCIA LOPEZ, Juan" → family [garcia, lopez], given [juan]; "Juan García" → all only. */
export function splitName(name: string, particles: Particles = 'drop'): NameTokens {
  const comma = name.indexOf(',');
  // "EMPRESA FICTICIA, S.A. DE C.V.": the comma sets off a legal form, not given names.
  if (
    comma > 0 &&
    normalise(name.slice(comma + 1))
      .replace(LEGAL_FORM, '')
      .trim() !== ''
  ) {
    const family = tokens(name.slice(0, comma), particles);
    const given = tokens(name.slice(comma + 1), particles);
    if (family.length > 0 && given.length > 0) {
      return { given, family, all: [...given, ...family], ordered: true };
    }
  }
  const all = tokens(name, particles);
  return { given: [], family: [], all, ordered: false };
}

/** Jaro-Winkler similarity in [0,1] (prefix scale 0.1, prefix up to 4 characters). */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  // Screening scores a name against every candidate's tokens: the marks live in two buffers
  // reused from call to call rather than two arrays made per call.
  if (a.length > aMatched.length || b.length > bMatched.length) {
    aMatched = new Uint8Array(Math.max(a.length, b.length) * 2);
    bMatched = new Uint8Array(aMatched.length);
  }
  aMatched.fill(0, 0, a.length);
  bMatched.fill(0, 0, b.length);
  let matches = 0;
  for (let i = 0; i < a.length; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(b.length - 1, i + window);
    const c = a.charCodeAt(i);
    for (let j = from; j <= to; j++) {
      if (bMatched[j] || c !== b.charCodeAt(j)) continue;
      aMatched[i] = 1;
      bMatched[j] = 1;
      matches++;
      break;
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < a.length; i++) {
    if (!aMatched[i]) continue;
    while (!bMatched[k]) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++;
    k++;
  }
  const m = matches;
  const jaro = (m / a.length + m / b.length + (m - transpositions / 2) / m) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

let aMatched = new Uint8Array(64);
let bMatched = new Uint8Array(64);

/** How Spanish spelling varies for the same sound, folded so that "Gonzales"/"Gonzalez",
 * "Yesica"/"Jessica", "Baldivia"/"Valdivia", "Hernandes"/"Hernández", "Ximena"/"Jimena" meet. */
export function phoneticKey(token: string): string {
  const known = phoneticKeys.get(token);
  if (known !== undefined) return known;
  // Screening scores a name against hundreds of listed names: each token's key is made once.
  if (phoneticKeys.size > 200_000) phoneticKeys.clear();
  const key = foldSounds(token);
  phoneticKeys.set(token, key);
  return key;
}

const phoneticKeys = new Map<string, string>();

function foldSounds(token: string): string {
  return token
    .replace(/ph/g, 'f')
    .replace(/ll/g, 'y')
    .replace(/^h/, '')
    .replace(/([^cs])h/g, '$1')
    .replace(/qu/g, 'k')
    .replace(/c([ei])/g, 's$1')
    .replace(/c/g, 'k')
    .replace(/z/g, 's')
    .replace(/v/g, 'b')
    .replace(/w/g, 'u')
    .replace(/^x/, 'j')
    .replace(/g([ei])/g, 'j$1')
    .replace(/y$/, 'i')
    .replace(/(.)\1+/g, '$1');
}

/** Similarities below this count as no match at all: two unrelated short names already score
 * about 0.5-0.7 with Jaro-Winkler, and that noise must not add up across tokens. */
const TOKEN_FLOOR = 0.8;
/** An initial ("J.") standing for a whole name: a match, but weaker than the name written out. */
const INITIAL_MATCH = 0.85;
/** The cost of each listed name the query leaves out where people do leave names out (a second
 * family name, a second given name). */
const OMITTED_COST = 0.02;

/** A nickname for the listed given name (or the other way round). */
const NICKNAME_MATCH = 0.9;

export function tokenSimilarity(q: string, l: string): number {
  if (q === l) return 1;
  if (isNickname(q, l)) return NICKNAME_MATCH;
  if (q.length === 1 || l.length === 1) return q[0] === l[0] ? INITIAL_MATCH : 0;
  const direct = jaroWinkler(q, l);
  const sounds = phoneticKey(q) === phoneticKey(l) ? 0.96 : 0;
  const best = Math.max(direct, sounds);
  return best < TOKEN_FLOOR ? 0 : best;
}

export interface Pair {
  q: number;
  l: number;
  sim: number;
}

/** The best one-to-one alignment of query tokens to listed tokens: the pairs with the highest sum
 * of similarities. Exhaustive (over the subsets of listed tokens) for names of up to
 * EXACT_LIMIT tokens, which is every real name; greedy by similarity beyond, as watchman does. */
function align(query: string[], listed: string[]): Pair[] {
  let related = false;
  const sims = query.map((q) =>
    listed.map((l) => {
      const s = tokenSimilarity(q, l);
      if (s > 0) related = true;
      return s;
    }),
  );
  // No token near any other (most listed names, for a given query): no pair to choose.
  if (!related) return [];
  const sim = (q: number, l: number) => sims[q]?.[l] ?? 0;
  if (query.length <= EXACT_LIMIT && listed.length <= EXACT_LIMIT)
    return alignExactly(sim, query.length, listed.length);
  const candidates: Pair[] = [];
  for (let q = 0; q < query.length; q++) {
    for (let l = 0; l < listed.length; l++) {
      if (sim(q, l) > 0) candidates.push({ q, l, sim: sim(q, l) });
    }
  }
  candidates.sort((a, b) => b.sim - a.sim || a.q - b.q || a.l - b.l);
  const usedQ = new Set<number>();
  const usedL = new Set<number>();
  const pairs: Pair[] = [];
  for (const c of candidates) {
    if (usedQ.has(c.q) || usedL.has(c.l)) continue;
    usedQ.add(c.q);
    usedL.add(c.l);
    pairs.push(c);
  }
  return pairs;
}

const EXACT_LIMIT = 10;

/** Dynamic programming over (query token, set of listed tokens already used). */
export function alignExactly(
  sim: (q: number, l: number) => number,
  nq: number,
  nl: number,
): Pair[] {
  const full = 1 << nl;
  // best[i][mask]: the highest sum for query tokens i.. with listed tokens in mask already used.
  const best: number[][] = Array.from({ length: nq + 1 }, () => new Array<number>(full).fill(0));
  const choice: number[][] = Array.from({ length: nq }, () => new Array<number>(full).fill(-1));
  for (let i = nq - 1; i >= 0; i--) {
    const row = best[i] as number[];
    const next = best[i + 1] as number[];
    const chosen = choice[i] as number[];
    for (let mask = 0; mask < full; mask++) {
      let top = next[mask] ?? 0; // query token i left unmatched
      let pick = -1;
      for (let l = 0; l < nl; l++) {
        if (mask & (1 << l)) continue;
        const s = sim(i, l);
        if (s <= 0) continue;
        const total = s + (next[mask | (1 << l)] ?? 0);
        if (total > top) {
          top = total;
          pick = l;
        }
      }
      row[mask] = top;
      chosen[mask] = pick;
    }
  }
  const pairs: Pair[] = [];
  let mask = 0;
  for (let i = 0; i < nq; i++) {
    const l = choice[i]?.[mask] ?? -1;
    if (l < 0) continue;
    pairs.push({ q: i, l, sim: sim(i, l) });
    mask |= 1 << l;
  }
  return pairs;
}

/**
 * How closely `query` (a name as a customer or recipient wrote it) matches `listedName` (a name or
 * alias as the list writes it), in [0,1].
 *
 * Tokens are aligned regardless of order, so "Juan García López", "GARCIA LOPEZ, Juan" and "López
 * García Juan" are the same name. Every token of the query must be explained by the listed name
 * (a query word that matches nothing lowers the score). Of the listed name, the first family name
 * and the first given name are required; the others (a second family name, a second given name)
 * may be left out at a small cost, as people do ("Juan Testcartel" for "TESTCARTEL GARCIA, Juan
 * Carlos"). A listed name without a comma (companies, some aliases) requires all its tokens.
 */
export function score(query: string, listedName: string): number {
  // Particles dropped on both sides, or glued on one side for "Delacruz" against "DE LA CRUZ".
  return Math.max(
    scoreTokens(splitName(query).all, splitName(listedName)),
    scoreTokens(splitName(query, 'glue').all, splitName(listedName)),
    scoreTokens(splitName(query).all, splitName(listedName, 'glue')),
  );
}

/** A name split once both ways (particles dropped, particles glued), for scoring many times. */
export interface PreparedName {
  drop: NameTokens;
  glue: NameTokens;
}

export function prepareName(name: string): PreparedName {
  return { drop: splitName(name), glue: splitName(name, 'glue') };
}

/** `score` on names split beforehand (the screening index splits each listed name once). */
export function scorePrepared(query: PreparedName, listed: PreparedName): number {
  // Most names have no particle, so gluing changes nothing: each distinct pairing is scored once.
  const dropped = scoreTokens(query.drop.all, listed.drop);
  const queryGlued = sameWords(query.glue.all, query.drop.all)
    ? dropped
    : scoreTokens(query.glue.all, listed.drop);
  const listedGlued = sameSplit(listed.glue, listed.drop)
    ? dropped
    : scoreTokens(query.drop.all, listed.glue);
  return Math.max(dropped, queryGlued, listedGlued);
}

function sameWords(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((word, i) => word === b[i]);
}

function sameSplit(a: NameTokens, b: NameTokens): boolean {
  return a.ordered === b.ordered && a.given.length === b.given.length && sameWords(a.all, b.all);
}

function scoreTokens(q: string[], listed: NameTokens): number {
  const l = listed.all;
  if (q.length === 0 || l.length === 0) return 0;

  const required = new Set<number>();
  if (listed.ordered) {
    required.add(0); // first given name
    required.add(listed.given.length); // first family name
  } else {
    for (let i = 0; i < l.length; i++) required.add(i);
  }

  const pairs = align(q, l);
  const simOfListed = new Map(pairs.map((p) => [p.l, p.sim]));
  const querySide = pairs.reduce((s, p) => s + p.sim, 0) / q.length;
  let requiredSum = 0;
  for (const i of required) requiredSum += simOfListed.get(i) ?? 0;
  const listedSide = requiredSum / required.size;
  let omitted = 0;
  for (let i = 0; i < l.length; i++) {
    if (!required.has(i) && !simOfListed.has(i)) omitted++;
  }
  return Math.max(0, (querySide + listedSide) / 2 - omitted * OMITTED_COST);
}

/** The best score of a query against a listed name and its aliases. */
export function bestScore(query: string, names: string[]): { score: number; name: string } {
  let best = { score: 0, name: names[0] ?? '' };
  for (const name of names) {
    const s = score(query, name);
    if (s > best.score) best = { score: s, name };
  }
  return best;
}

/**
 * A score at or above THRESHOLD is a possible match: the movement is held for a person to decide.
 *
 * Why 0.88: a listed name written the ways people write it — without accents, in the other order,
 * with one of two family names, with an initial for a given name, with a one-letter spelling
 * variant — scores from about 0.90 to 1 (an initial costs about 0.07, a dropped second family
 * name 0.02, a spelling slip 0.02-0.05). A different person who shares the listed given name and
 * one family name scores about 0.75 or less, because the listed first family name or given name
 * is then unmatched (required tokens count half of the score) or the query has a word the listed
 * name lacks. 0.88 sits between the two with room on both sides; name-match.test.ts checks the
 * recall cases and the fifty most common Hispanic full names against the sandbox list, which is
 * built from those same common given and family names. A hold costs a person minutes; a miss can
 * cost a licence, so in doubt the threshold errs towards holding.
 */
export const THRESHOLD = 0.88;
