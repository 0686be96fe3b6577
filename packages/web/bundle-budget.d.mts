export const SCREEN_BUDGET_KB: number;
export const AUTH_BUDGET_KB: number;
export const CHUNK_BUDGET_KB: number;
export type Screen = { page: string; auth: boolean; files: string[]; raw: number; gzip: number };
export type Chunk = { file: string; raw: number; gzip: number };
export function measureScreens(dist: string): { screens: Screen[]; chunks: Chunk[] };
export function overBudget(sizes: { screens: Screen[]; chunks: Chunk[] }): string[];
