import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  alignExactly,
  bestScore,
  jaroWinkler,
  normalise,
  phoneticKey,
  score,
  splitName,
  THRESHOLD,
} from './name-match';
import { type ListedEntry, readListsFromDir } from './ofac-files';

let list: ListedEntry[] = [];
beforeAll(async () => {
  list = await readListsFromDir(join(__dirname, 'sandbox-list'));
});

const namesOf = (e: ListedEntry) => [e.name, ...e.aliases.map((a) => a.name)];

/** The best score of a query against the whole sandbox list, with the entry it matched. */
function screen(query: string): { score: number; id: string; name: string } {
  let best = { score: 0, id: '', name: '' };
  for (const e of list) {
    const b = bestScore(query, namesOf(e));
    if (b.score > best.score) best = { ...b, id: e.id };
  }
  return best;
}

describe('normalising names', () => {
  it('drops accents, case and punctuation, keeps ñ as n', () => {
    expect(normalise("  María-José  Núñez, O'Brien. ")).toBe('maria jose nunez obrien');
  });

  it('splits the lists\' "FAMILY, Given" and drops particles', () => {
    expect(splitName('FICTICIO DE LA PRUEBA, Maria Jose')).toEqual({
      family: ['ficticio', 'prueba'],
      given: ['maria', 'jose'],
      all: ['maria', 'jose', 'ficticio', 'prueba'],
      ordered: true,
    });
    expect(splitName('Juan del Río y Pérez').all).toEqual(['juan', 'rio', 'perez']);
    expect(splitName('EMPRESA FICTICIA, S.A. DE C.V.')).toMatchObject({
      all: ['empresa', 'ficticia'],
      ordered: false,
    });
  });

  it('Jaro-Winkler agrees with the textbook values', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('dwayne', 'duane')).toBeCloseTo(0.84, 2);
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.813, 3);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
  });

  it('folds Spanish spelling variants of one sound', () => {
    expect(phoneticKey('gonzales')).toBe(phoneticKey('gonzalez'));
    expect(phoneticKey('baldivia')).toBe(phoneticKey('valdivia'));
    expect(phoneticKey('ximena')).toBe(phoneticKey('jimena'));
    expect(phoneticKey('yesica')).not.toBe(phoneticKey('jessica'));
  });
});

// Listed names written the ways people write them. Each must reach THRESHOLD and find the right
// entry.
const RECALL: Array<[string, string]> = [
  ['Juan Carlos Testcartel García', '90001'],
  ['JUAN CARLOS TESTCARTEL GARCIA', '90001'],
  ['juan carlos testcartel garcia', '90001'],
  ['Testcartel García Juan Carlos', '90001'],
  ['TESTCARTEL GARCIA, Juan Carlos', '90001'],
  ['Juan Carlos Testcartel', '90001'], // second family name dropped
  ['Juan Testcartel García', '90001'], // second given name dropped
  ['Juan Testcartel', '90001'],
  ['J. C. Testcartel García', '90001'], // initials
  ['J. Testcartel', '90001'],
  ['Juan Carlos Testkartel Garsia', '90001'], // transliterated
  ['Juan Carlos Tescartel Garcia', '90001'], // a letter missed
  ['Juanito Testcartel', '90001'], // alias
  ['María José Ficticio de la Prueba', '90002'],
  ['Maria Jose Ficticio Prueba', '90002'],
  ['María José Ficticio', '90002'],
  ['Ficticio de la Prueba, María José', '90002'],
  ['M. José Ficticio De La Prueba', '90002'],
  ['Majo Prueba', '90002'],
  ['Pedro Simulado Hernández', '90003'],
  ['Pedro Simulado Hernandes', '90003'],
  ['Pedro Simulado', '90003'],
  ['Simulado Hernández Pedro', '90003'],
  ['Empresa Ficticia de Pruebas, S.A. de C.V.', '90004'],
  ['EMPRESA FICTICIA DE PRUEBAS SA DE CV', '90004'],
  ['Pruebas Ficticias SA', '90004'],
  ['Ana Lucía Noexiste Ramírez', '90005'],
  ['Ana Noexiste', '90005'],
  ['Ana L. Noexiste Ramirez', '90005'],
  ['José Luis Inventado López', '95001'],
  ['Jose Luis Inventado', '95001'],
  ['Pepe Inventado', '95001'],
  ['Carmen Falsedad Martínez', '95002'],
  ['Karmen Falsedad', '95002'],
  ['Falsedad Martinez, Carmen', '95002'],
];

describe('recall: listed names as people write them', () => {
  it.each(RECALL)('%s is a possible match for entry %s', (query, id) => {
    const hit = screen(query);
    expect(hit.id).toBe(id);
    expect(hit.score).toBeGreaterThanOrEqual(THRESHOLD);
  });
});

// The fifty most common Hispanic full names (common given names with the most common family names
// in Mexico, Central America and the United States' Hispanic population), each with two family
// names. The sandbox list is built from these same given and family names, so a matcher that
// leaned on a shared given name or one shared family name would fail here.
const COMMON_NAMES = [
  'José Luis García Hernández',
  'Juan Carlos Hernández García',
  'María José García López',
  'Juan García Martínez',
  'José Hernández López',
  'María Guadalupe Hernández Martínez',
  'Luis Martínez González',
  'Carlos López Rodríguez',
  'Jorge González Pérez',
  'Miguel Ángel Rodríguez Sánchez',
  'Ana María Pérez Ramírez',
  'Rosa María Sánchez Flores',
  'Francisco Ramírez Gómez',
  'Juana Flores Díaz',
  'Antonio Gómez Torres',
  'Jesús Díaz Cruz',
  'Alejandro Torres Morales',
  'Manuel Cruz Reyes',
  'Pedro Morales Gutiérrez',
  'Ana Lucía Reyes Ortiz',
  'Carmen Gutiérrez Chávez',
  'Fernando Ortiz Ruiz',
  'Ricardo Chávez Jiménez',
  'Roberto Ruiz Mendoza',
  'Daniel Jiménez Vásquez',
  'Patricia Mendoza Castillo',
  'Verónica Vásquez Romero',
  'Alejandra Castillo Álvarez',
  'Gabriela Romero Moreno',
  'Adriana Álvarez Herrera',
  'Sofía Moreno Medina',
  'Isabel Herrera Aguilar',
  'Mario Medina Vargas',
  'Javier Aguilar Castro',
  'Sergio Vargas Ramos',
  'Eduardo Castro Fernández',
  'Raúl Ramos Guzmán',
  'Martha Fernández Rojas',
  'Elizabeth Guzmán Silva',
  'Leticia Rojas Domínguez',
  'Laura Silva Contreras',
  'Claudia Domínguez Salazar',
  'Héctor Contreras Espinoza',
  'Arturo Salazar Luna',
  'Ricardo Espinoza Ríos',
  'Diana Luna Sandoval',
  'Víctor Ríos Navarro',
  'Andrés Sandoval Juárez',
  'Luis Fernando Navarro Mejía',
  'Carmen Martínez López',
];

/** The ways each common name is written: in full, with one family name, family first. */
function writtenForms(full: string): string[] {
  const words = full.split(' ');
  const family = words.slice(-2);
  const given = words.slice(0, -2);
  return [
    full,
    [...given, family[0]].join(' '),
    `${family.join(' ')}, ${given.join(' ')}`,
    [given[0], ...family].join(' '),
  ];
}

describe('false positives: the fifty most common Hispanic full names', () => {
  it('has fifty different names', () => {
    expect(new Set(COMMON_NAMES).size).toBe(50);
  });

  it.each(COMMON_NAMES)('%s is not a possible match, in any written form', (full) => {
    for (const form of writtenForms(full)) {
      const hit = screen(form);
      expect(hit.score, `${form} scored ${hit.score} against ${hit.name}`).toBeLessThan(THRESHOLD);
    }
  });
});

describe('the score', () => {
  it('is 1 for the same name in any order, 0 for nothing in common or nothing at all', () => {
    expect(score('Juan Carlos Testcartel García', 'TESTCARTEL GARCIA, Juan Carlos')).toBe(1);
    expect(score('Pedro Páramo', 'TESTCARTEL GARCIA, Juan Carlos')).toBe(0);
    expect(score('', 'TESTCARTEL GARCIA, Juan Carlos')).toBe(0);
    expect(score('...', 'TESTCARTEL GARCIA, Juan Carlos')).toBe(0);
  });

  it('needs the first family name: a given name and the second family name are not enough', () => {
    expect(score('Juan Carlos García', 'TESTCARTEL GARCIA, Juan Carlos')).toBeLessThan(THRESHOLD);
  });

  it('needs the given name: the family names alone are not enough', () => {
    expect(score('Rosa Testcartel García', 'TESTCARTEL GARCIA, Juan Carlos')).toBeLessThan(
      THRESHOLD,
    );
  });

  it('counts a query word the listed name lacks against the match', () => {
    expect(score('Juan Carlos Testcartel', 'TESTCARTEL GARCIA, Juan Carlos')).toBeGreaterThan(
      score('Juan Carlos Alberto Testcartel', 'TESTCARTEL GARCIA, Juan Carlos'),
    );
  });

  it('stays in [0,1] for odd input', () => {
    for (const q of ['a', 'a b c d e f g h i j', '1234', 'ñ', 'de la', 'S.A. de C.V.']) {
      const s = score(q, 'TESTCARTEL GARCIA, Juan Carlos');
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(1);
    }
  });
});

describe('the threshold has room on both sides', () => {
  it('the weakest recall case and the strongest common name are both clear of THRESHOLD', () => {
    const weakestRecall = Math.min(...RECALL.map(([q]) => screen(q).score));
    const strongestCommon = Math.max(
      ...COMMON_NAMES.flatMap((n) => writtenForms(n).map((f) => screen(f).score)),
    );
    expect(weakestRecall - THRESHOLD).toBeGreaterThanOrEqual(0.03);
    expect(THRESHOLD - strongestCommon).toBeGreaterThanOrEqual(0.1);
  });
});

describe('the alignment', () => {
  it('finds the best pairing where taking the single best pair first would not', () => {
    // Query token 0 is closest to listed 0 (0.95) but also fits listed 1 (0.9); query token 1
    // fits only listed 0 (0.9). Greedy takes 0→0 and leaves 1 unmatched (sum 0.95); the best
    // pairing is 0→1 and 1→0 (sum 1.8).
    const m = [
      [0.95, 0.9],
      [0.9, 0],
    ];
    const pairs = alignExactly((q, l) => m[q]?.[l] ?? 0, 2, 2);
    expect(pairs).toEqual([
      { q: 0, l: 1, sim: 0.9 },
      { q: 1, l: 0, sim: 0.9 },
    ]);
  });

  it('scores long names (beyond the exhaustive limit) without failing', () => {
    const long = 'b c d f g h j k l m n p q r'; // 14 tokens, none a particle
    expect(score(long, 'TESTCARTEL GARCIA, Juan Carlos')).toBeLessThan(THRESHOLD);
    expect(score('Juan Carlos Testcartel García', `TESTCARTEL GARCIA, Juan Carlos ${long}`)).toBe(
      1 - 14 * 0.02,
    );
  });
});

describe('particles', () => {
  it('matches a family name written as one word against the list writing it with particles', () => {
    expect(score('Juan Delaprueba', 'DE LA PRUEBA, Juan')).toBeGreaterThanOrEqual(THRESHOLD);
    expect(score('Juan de la Prueba', 'DELAPRUEBA, Juan')).toBeGreaterThanOrEqual(THRESHOLD);
    expect(score('Juan Prueba', 'DE LA PRUEBA, Juan')).toBe(1);
  });

  it('does not make a common name match by gluing', () => {
    expect(score('Juan de la Cruz', 'DELACRUZ TESTCARTEL, Pedro')).toBeLessThan(THRESHOLD);
    expect(score('Juana Del Río', 'TESTCARTEL, Juana')).toBeLessThan(THRESHOLD);
  });
});

describe('nicknames', () => {
  it('a common nickname stands for the listed given name', () => {
    expect(score('Pepe Inventado López', 'INVENTADO LOPEZ, Jose Luis')).toBeGreaterThanOrEqual(
      THRESHOLD,
    );
    expect(score('Paco Testcartel', 'TESTCARTEL, Francisco')).toBeGreaterThanOrEqual(THRESHOLD);
  });

  it('a nickname of another name does not', () => {
    expect(score('Paco Inventado López', 'INVENTADO LOPEZ, Jose Luis')).toBeLessThan(THRESHOLD);
  });
});
