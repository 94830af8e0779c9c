/**
 * The zone the signed-in user's times are shown in, as the session gives it (lib/session.tsx sets
 * it before the pages render). `lib/format.ts` checks it is a zone Pago offers before showing a
 * time in it. Kept apart from format.ts so that the session, which every page loads, does not
 * bring the time-zone and corridor tables into the landing page's script.
 */
let chosen: string | undefined;

export function setDisplayTimeZone(zone: string | null | undefined): void {
  chosen = zone ?? undefined;
}

export function chosenTimeZone(): string | undefined {
  return chosen;
}
