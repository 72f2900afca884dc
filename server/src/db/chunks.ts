/**
 * A list cut into consecutive pieces, for statements over many rows or ids: each piece keeps its statement within
 * both engines' parameter limits (SQLite's 32,766, PostgreSQL's 65,535) and its size reasonable. The default, 400,
 * suits a list of ids; a multi-column row list passes a smaller size.
 */
export function chunks<T>(items: readonly T[], size = 400): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
