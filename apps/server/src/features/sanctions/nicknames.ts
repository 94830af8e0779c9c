/** Common Spanish nicknames (hipocorísticos) and the given names they stand for. */
const NICKNAMES: Record<string, string[]> = {
  pepe: ['jose'],
  pepito: ['jose'],
  paco: ['francisco'],
  pancho: ['francisco'],
  lupe: ['guadalupe'],
  chuy: ['jesus'],
  chucho: ['jesus'],
  memo: ['guillermo'],
  nacho: ['ignacio'],
  lalo: ['eduardo'],
  beto: ['alberto', 'roberto', 'humberto'],
  tono: ['antonio'],
  quique: ['enrique'],
  kike: ['enrique'],
  lola: ['dolores'],
  concha: ['concepcion'],
  chelo: ['consuelo'],
  charo: ['rosario'],
  nando: ['fernando'],
  rafa: ['rafael'],
  manolo: ['manuel'],
  chema: ['jose'],
  juancho: ['juan'],
  pili: ['pilar'],
};

const nicknames = new Map(Object.entries(NICKNAMES));

/** Whether one of two given names is a common nickname for the other. */
export function isNickname(a: string, b: string): boolean {
  return nicknames.get(a)?.includes(b) === true || nicknames.get(b)?.includes(a) === true;
}
