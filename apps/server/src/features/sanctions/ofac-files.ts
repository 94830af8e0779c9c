import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

// Reader for the Treasury's (OFAC) sanctions list files in their official CSV format: the SDN list
// (SDN.CSV, ADD.CSV, ALT.CSV, SDN_COMMENTS.CSV) and the consolidated non-SDN list (CONS_PRIM.CSV,
// CONS_ADD.CSV, CONS_ALT.CSV, CONS_COMMENTS.CSV). The files have no header row; every field that
// has no value holds the null marker "-0-" (often followed by a space). Columns, as documented in
// docs/sanctions.md:
//   primary (SDN.CSV / CONS_PRIM.CSV), 12 columns: ent_num, SDN_Name, SDN_Type, Program, Title,
//     Call_Sign, Vess_type, Tonnage, GRT, Vess_flag, Vess_owner, Remarks
//   address (ADD.CSV / CONS_ADD.CSV), 6: ent_num, Add_num, Address, City/State/Province/Postal
//     Code, Country, Add_remarks
//   alternate name (ALT.CSV / CONS_ALT.CSV), 5: ent_num, alt_num, alt_type, alt_name, alt_remarks
//   comments (SDN_COMMENTS.CSV / CONS_COMMENTS.CSV), 2: ent_num, Remarks_Extended — the rest of a
//     Remarks field too long for the primary file; it continues the text mid-word.

export type ListSource = 'sdn' | 'cons';

export interface BirthDate {
  year: number;
  month: number | null;
  day: number | null;
  /** "DOB circa 1970": the year is approximate. */
  circa: boolean;
  /** "DOB 1960 to 1962": the last year of the range. */
  toYear: number | null;
}

export interface ListedAlias {
  type: string; // 'aka' | 'fka' | 'nka' (ALT files) or 'aka-weak' (a.k.a. 'X' in the remarks)
  name: string;
}

export interface ListedAddress {
  address: string | null;
  cityStateProvincePostalCode: string | null;
  country: string | null;
  remarks: string | null;
}

export interface ListedEntry {
  source: ListSource;
  id: string;
  name: string;
  /** 'individual' | 'entity' | 'vessel' | 'aircraft' as the file says ('' for an entity). */
  type: string;
  programs: string[];
  title: string | null;
  aliases: ListedAlias[];
  addresses: ListedAddress[];
  /** Countries of the addresses, nationality and citizenship, without repeats. */
  countries: string[];
  nationalities: string[];
  birthDates: BirthDate[];
  placesOfBirth: string[];
  remarks: string | null;
}

/** The contents of one list's files, by role. Missing optional files are empty strings. */
export interface ListFiles {
  primary: string;
  addresses?: string;
  aliases?: string;
  comments?: string;
}

/** Parses CSV text (RFC 4180 quoting, "" inside quotes) into rows of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  // The Treasury's files may end with the DOS end-of-file byte (0x1A).
  const src = text.replaceAll(String.fromCharCode(0x1a), '').replace(/^\ufeff/, '');
  while (i < src.length) {
    const c = src[i];
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      if (row.length > 1 || (row[0] ?? '').trim() !== '') rows.push(row);
      row = [];
      field = '';
    } else {
      field += c;
    }
    i++;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    if (row.length > 1 || (row[0] ?? '').trim() !== '') rows.push(row);
  }
  return rows;
}

/** A field's value: trimmed, null when it is the "-0-" marker or empty. */
export function fieldValue(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const v = raw.trim();
  if (v === '' || v === '-0-') return null;
  return v;
}

/** "SDNTK] [SDGT" or "SDNTK; SDGT" or "SDNTK" → ['SDNTK', 'SDGT']. */
export function splitPrograms(raw: string | null): string[] {
  if (!raw) return [];
  return raw
    .replace(/\]\s*\[/g, ';')
    .replace(/[[\]]/g, '')
    .split(';')
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

/** Reads one DOB value as the remarks write it: "01 Jan 1970", "Jan 1970", "1970",
 * "circa 1970", "1960 to 1962". Null when it is none of these. */
export function parseBirthDate(value: string): BirthDate | null {
  let v = value.trim().replace(/\.$/, '');
  let circa = false;
  if (/^circa\s+/i.test(v)) {
    circa = true;
    v = v.replace(/^circa\s+/i, '');
  }
  const range = /^(\d{4})\s+to\s+(\d{4})$/i.exec(v);
  if (range) {
    return { year: Number(range[1]), month: null, day: null, circa, toYear: Number(range[2]) };
  }
  const full = /^(\d{1,2})\s+([A-Za-z]{3})\s+(\d{4})$/.exec(v);
  if (full) {
    const month = MONTHS[(full[2] ?? '').toLowerCase()];
    const day = Number(full[1]);
    if (!month || day < 1 || day > 31) return null;
    return { year: Number(full[3]), month, day, circa, toYear: null };
  }
  const monthYear = /^([A-Za-z]{3})\s+(\d{4})$/.exec(v);
  if (monthYear) {
    const month = MONTHS[(monthYear[1] ?? '').toLowerCase()];
    if (!month) return null;
    return { year: Number(monthYear[2]), month, day: null, circa, toYear: null };
  }
  const year = /^(\d{4})$/.exec(v);
  if (year) return { year: Number(year[1]), month: null, day: null, circa, toYear: null };
  return null;
}

interface RemarkFacts {
  birthDates: BirthDate[];
  placesOfBirth: string[];
  nationalities: string[];
  weakAliases: string[];
}

/** The facts the remarks hold, each remark separated by ";": "DOB 01 Jan 1970; alt. DOB 1971;
 * POB Culiacan, Sinaloa, Mexico; nationality Mexico; citizen Mexico; a.k.a. 'EL FICTICIO'." */
export function parseRemarks(remarks: string | null): RemarkFacts {
  const facts: RemarkFacts = {
    birthDates: [],
    placesOfBirth: [],
    nationalities: [],
    weakAliases: [],
  };
  if (!remarks) return facts;
  for (const part of remarks.split(';')) {
    const p = part
      .trim()
      .replace(/\.$/, '')
      .replace(/^alt\.\s+/i, '');
    let m = /^DOB:?\s+(.+)$/i.exec(p);
    if (m) {
      const dob = parseBirthDate(m[1] ?? '');
      if (dob) facts.birthDates.push(dob);
      continue;
    }
    m = /^POB:?\s+(.+)$/i.exec(p);
    if (m) {
      facts.placesOfBirth.push((m[1] ?? '').trim());
      continue;
    }
    m = /^(?:nationality|citizen):?\s+(.+)$/i.exec(p);
    if (m) {
      const country = (m[1] ?? '').trim();
      if (!facts.nationalities.includes(country)) facts.nationalities.push(country);
      continue;
    }
    m = /^[afn]\.k\.a\.,?\s+'(.+)'$/i.exec(p);
    if (m) facts.weakAliases.push((m[1] ?? '').trim());
  }
  return facts;
}

function byEntity<T>(rows: string[][], width: number, make: (r: string[]) => T): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    if (r.length !== width) continue; // a malformed row is skipped, as the primary rows are
    const id = fieldValue(r[0]);
    if (!id) continue;
    const list = out.get(id) ?? [];
    list.push(make(r));
    out.set(id, list);
  }
  return out;
}

/** Reads one list (SDN or consolidated) from its files' text into entries. */
export function readList(source: ListSource, files: ListFiles): ListedEntry[] {
  const addresses = byEntity(parseCsv(files.addresses ?? ''), 6, (r) => ({
    address: fieldValue(r[2]),
    cityStateProvincePostalCode: fieldValue(r[3]),
    country: fieldValue(r[4]),
    remarks: fieldValue(r[5]),
  }));
  const alts = byEntity(parseCsv(files.aliases ?? ''), 5, (r) => ({
    type: fieldValue(r[2]) ?? 'aka',
    name: fieldValue(r[3]) ?? '',
  }));
  const comments = byEntity(parseCsv(files.comments ?? ''), 2, (r) => r[1] ?? '');

  const entries: ListedEntry[] = [];
  for (const r of parseCsv(files.primary)) {
    if (r.length !== 12) continue;
    const id = fieldValue(r[0]);
    const name = fieldValue(r[1]);
    if (!id || !name) continue;
    const spill = (comments.get(id) ?? []).join('');
    const remarks = fieldValue((r[11] ?? '').trim() + spill);
    const facts = parseRemarks(remarks);
    const entryAddresses = addresses.get(id) ?? [];
    const aliases: ListedAlias[] = (alts.get(id) ?? []).filter((a) => a.name !== '');
    for (const weak of facts.weakAliases) aliases.push({ type: 'aka-weak', name: weak });
    const countries: string[] = [];
    for (const c of [...entryAddresses.map((a) => a.country), ...facts.nationalities]) {
      if (c && !countries.includes(c)) countries.push(c);
    }
    entries.push({
      source,
      id,
      name,
      type: fieldValue(r[2]) ?? 'entity',
      programs: splitPrograms(fieldValue(r[3])),
      title: fieldValue(r[4]),
      aliases,
      addresses: entryAddresses,
      countries,
      nationalities: facts.nationalities,
      birthDates: facts.birthDates,
      placesOfBirth: facts.placesOfBirth,
      remarks,
    });
  }
  return entries;
}

/** The file names the Treasury publishes, by list and role (the reader matches them without
 * regard to case). */
export const OFAC_FILE_NAMES = {
  sdn: {
    primary: 'SDN.CSV',
    addresses: 'ADD.CSV',
    aliases: 'ALT.CSV',
    comments: 'SDN_COMMENTS.CSV',
  },
  cons: {
    primary: 'CONS_PRIM.CSV',
    addresses: 'CONS_ADD.CSV',
    aliases: 'CONS_ALT.CSV',
    comments: 'CONS_COMMENTS.CSV',
  },
} as const;

/** Reads both lists from a directory holding the Treasury's files (names in any case). A list
 * whose primary file is absent is skipped; its other files are then optional. */
export async function readListsFromDir(dir: string): Promise<ListedEntry[]> {
  const names = await readdir(dir);
  const find = async (wanted: string): Promise<string | undefined> => {
    const name = names.find((n) => n.toUpperCase() === wanted);
    return name === undefined ? undefined : readFile(join(dir, name), 'latin1');
  };
  const entries: ListedEntry[] = [];
  for (const source of ['sdn', 'cons'] as const) {
    const f = OFAC_FILE_NAMES[source];
    const primary = await find(f.primary);
    if (primary === undefined) continue;
    entries.push(
      ...readList(source, {
        primary,
        addresses: await find(f.addresses),
        aliases: await find(f.aliases),
        comments: await find(f.comments),
      }),
    );
  }
  return entries;
}
