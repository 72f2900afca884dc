/** English texts: validation (namespace `validation`). */
export const validation = {};
