import { findRegion, regionPath, regionsUnder, type Region } from '@/domain/reference/regions';

/**
 * The region cascade's options from the GB/T 2260 table (the one the submit rules and the sandbox check). The
 * table is 37 kB gzipped: the region picker imports this module on demand, so it is not in the wizard's first
 * load (docs/benchmarks-console.md).
 */
export const regionsBelow = (parent?: string): readonly Region[] => regionsUnder(parent);

/** The codes from the province down to `code` ([] for an unknown code), to show a stored code in the cascade. */
export function regionChain(code: string): string[] {
  if (!/^\d{6}$/.test(code) || !findRegion(code)) return [];
  return regionPath(code).map((region) => region.code);
}
