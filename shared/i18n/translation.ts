/**
 * The shape a translation must have: the English catalogue's keys with text values. Plural keys follow the
 * language's own categories (Intl.PluralRules: English `_one`/`_other`, French also `_many`), so a
 * translation may add `_many` forms; catalogue.test.ts checks each language has exactly its categories.
 */
export type Translation<T> = {
  [K in keyof T]: T[K] extends string ? string : Translation<T[K]>;
} & { [key: `${string}_many`]: string };
