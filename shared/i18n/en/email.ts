/** English texts: email (namespace `email`). */
export const email = {};
