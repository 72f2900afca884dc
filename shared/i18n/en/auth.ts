/** English texts of the auth pages (namespace `auth`). */
export const auth = {};
