import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  fieldValue,
  parseBirthDate,
  parseCsv,
  parseRemarks,
  readList,
  readListsFromDir,
  splitPrograms,
} from './ofac-files';

const SANDBOX = join(__dirname, 'sandbox-list');

describe('the OFAC file reader on the sandbox list', () => {
  it('reads both lists, every entry with its source', async () => {
    const entries = await readListsFromDir(SANDBOX);
    expect(entries.map((e) => `${e.source}:${e.id}`)).toEqual([
      'sdn:90001',
      'sdn:90002',
      'sdn:90003',
      'sdn:90004',
      'sdn:90005',
      'cons:95001',
      'cons:95002',
    ]);
  });

  it('reads an individual with aliases (ALT and remarks), dates of birth, countries', async () => {
    const entries = await readListsFromDir(SANDBOX);
    const e = entries.find((x) => x.id === '90001');
    expect(e).toMatchObject({
      source: 'sdn',
      name: 'TESTCARTEL GARCIA, Juan Carlos',
      type: 'individual',
      programs: ['SDNTK'],
      title: null,
      nationalities: ['Mexico'],
      countries: ['Mexico'],
      placesOfBirth: ['Culiacan, Sinaloa, Mexico'],
    });
    expect(e?.aliases).toEqual([
      { type: 'aka', name: 'TESTCARTEL, Juanito' },
      { type: 'aka', name: 'TESTKARTEL GARSIA, Juan Karlos' },
      { type: 'aka-weak', name: 'EL FICTICIO' },
    ]);
    expect(e?.birthDates).toEqual([
      { year: 1970, month: 1, day: 1, circa: false, toYear: null },
      { year: 1971, month: null, day: null, circa: false, toYear: null },
    ]);
    expect(e?.addresses).toEqual([
      {
        address: 'Calle Inventada 123',
        cityStateProvincePostalCode: 'Culiacan, Sinaloa',
        country: 'Mexico',
        remarks: null,
      },
      {
        address: null,
        cityStateProvincePostalCode: 'Guadalajara, Jalisco',
        country: 'Mexico',
        remarks: null,
      },
    ]);
  });

  it('joins remarks continued in SDN_COMMENTS.CSV before reading them', async () => {
    const e = (await readListsFromDir(SANDBOX)).find((x) => x.id === '90002');
    expect(e?.remarks).toBe(
      'DOB circa 1980; POB Guatemala City, Guatemala; nationality Guatemala; Sandbox entry, not a real person.',
    );
    expect(e?.placesOfBirth).toEqual(['Guatemala City, Guatemala']);
    expect(e?.birthDates).toEqual([
      { year: 1980, month: null, day: null, circa: true, toYear: null },
    ]);
    // Address country and nationality are both countries of the entry.
    expect(e?.countries).toEqual(['El Salvador', 'Guatemala']);
    expect(e?.programs).toEqual(['ILLICIT-DRUGS-EO14059']);
  });

  it('reads "-0-" as no value everywhere: type, address fields, remarks', async () => {
    const entries = await readListsFromDir(SANDBOX);
    const company = entries.find((x) => x.id === '90004');
    expect(company?.type).toBe('entity');
    expect(company?.title).toBeNull();
    expect(company?.aliases).toEqual([{ type: 'fka', name: 'PRUEBAS FICTICIAS S.A.' }]);
    const ana = entries.find((x) => x.id === '90005');
    expect(ana?.addresses).toEqual([
      { address: null, cityStateProvincePostalCode: null, country: null, remarks: null },
    ]);
    expect(ana?.countries).toEqual([]);
    expect(ana?.birthDates).toEqual([
      { year: 1975, month: 3, day: null, circa: false, toYear: null },
    ]);
  });

  it('reads bracketed program lists, year ranges and the consolidated list', async () => {
    const entries = await readListsFromDir(SANDBOX);
    const pedro = entries.find((x) => x.id === '90003');
    expect(pedro?.programs).toEqual(['SDNTK', 'SDGT']);
    expect(pedro?.birthDates).toEqual([
      { year: 1960, month: null, day: null, circa: false, toYear: 1962 },
    ]);
    expect(pedro?.countries).toEqual(['Honduras']);
    const carmen = entries.find((x) => x.id === '95002');
    expect(carmen).toMatchObject({
      source: 'cons',
      programs: ['NS-MBS'],
      nationalities: ['Venezuela'],
      countries: ['Venezuela'],
    });
    expect(entries.find((x) => x.id === '95001')?.aliases).toEqual([
      { type: 'aka', name: 'INVENTADO, Pepe' },
    ]);
  });

  it('tolerates the trailing end-of-file byte and CRLF line ends of the official files', async () => {
    const raw = await readFile(join(SANDBOX, 'SDN.CSV'), 'latin1');
    expect(raw).toContain('\r\n');
    expect(raw).toContain('\u001a');
    expect(parseCsv(raw)).toHaveLength(5);
  });
});

describe('the reader pieces', () => {
  it('parses quoted fields with commas and doubled quotes', () => {
    expect(parseCsv('1,"A, ""B""",-0- \n2,x,y')).toEqual([
      ['1', 'A, "B"', '-0- '],
      ['2', 'x', 'y'],
    ]);
  });

  it('treats -0- and blanks as null', () => {
    expect(fieldValue('-0- ')).toBeNull();
    expect(fieldValue(' ')).toBeNull();
    expect(fieldValue(undefined)).toBeNull();
    expect(fieldValue(' Mexico ')).toBe('Mexico');
  });

  it('splits programs in every way the files write them', () => {
    expect(splitPrograms('SDNTK')).toEqual(['SDNTK']);
    expect(splitPrograms('SDNTK] [FTO] [SDGT')).toEqual(['SDNTK', 'FTO', 'SDGT']);
    expect(splitPrograms('[SDGT] [IFSR]')).toEqual(['SDGT', 'IFSR']);
    expect(splitPrograms(null)).toEqual([]);
  });

  it('reads dates of birth and refuses what is not one', () => {
    expect(parseBirthDate('28 Jul 1963')).toEqual({
      year: 1963,
      month: 7,
      day: 28,
      circa: false,
      toYear: null,
    });
    expect(parseBirthDate('circa 1955')?.circa).toBe(true);
    expect(parseBirthDate('1962')?.year).toBe(1962);
    expect(parseBirthDate('32 Jan 1970')).toBeNull();
    expect(parseBirthDate('sometime')).toBeNull();
  });

  it('reads remarks: DOB, alt. DOB, POB, nationality, citizen, weak a.k.a.', () => {
    const facts = parseRemarks(
      "DOB 12 Oct 1972; alt. DOB 1973; POB Corozal, Belize; Passport 0291622 (Belize); nationality Belize; citizen Mexico; a.k.a. 'EL PRUEBA'.",
    );
    expect(facts.birthDates.map((d) => d.year)).toEqual([1972, 1973]);
    expect(facts.placesOfBirth).toEqual(['Corozal, Belize']);
    expect(facts.nationalities).toEqual(['Belize', 'Mexico']);
    expect(facts.weakAliases).toEqual(['EL PRUEBA']);
  });

  it('skips rows with the wrong number of columns, and ALT/ADD rows of unknown entries', () => {
    const entries = readList('sdn', {
      primary:
        '1,"ONE, Uno","individual","SDNTK",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \n2,"short"\n',
      aliases: '1,10,"aka","UNO, One",-0- \n99,11,"aka","NOBODY",-0- \n1,12,"aka"\n',
      addresses: '1,20,-0- ,-0- ,"Peru",-0- \n',
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]?.aliases).toEqual([{ type: 'aka', name: 'UNO, One' }]);
    expect(entries[0]?.countries).toEqual(['Peru']);
    expect(entries[0]?.remarks).toBeNull();
  });
});
