/** English texts of the devices pages (namespace `devices`). */
export const devices = {};
