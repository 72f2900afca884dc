/** English texts of the home pages (namespace `home`). */
export const home = {};
