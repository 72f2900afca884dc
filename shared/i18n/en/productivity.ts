/** English texts of the productivity pages (namespace `productivity`). */
export const productivity = {};
