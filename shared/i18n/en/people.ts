/** English texts of the people pages (namespace `people`). */
export const people = {};
