/** English texts of the settings pages (namespace `settings`). */
export const settings = {};
