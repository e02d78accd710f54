// The versions of the terms of sale (CGV): each order stores the one its client accepted (docs/decisions/041), so
// every version stays readable at its own address.

export const CGV_VERSIONS = [
  { version: '2025-01-17', label: '17 janvier 2025' },
  { version: '2026-11-27', label: '27 novembre 2026' },
] as const;
export type CgvVersion = (typeof CGV_VERSIONS)[number]['version'];

/** The version a client accepts when ordering today. */
export const CURRENT_CGV = CGV_VERSIONS[CGV_VERSIONS.length - 1]!;

export function findCgvVersion(version: string | null | undefined) {
  return CGV_VERSIONS.find((v) => v.version === version);
}

/** Where a version reads (the current one at /cgv; a past one with ?version=). */
export function cgvHref(version: CgvVersion = CURRENT_CGV.version): string {
  return version === CURRENT_CGV.version ? '/cgv' : `/cgv?version=${version}`;
}
