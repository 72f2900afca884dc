/** English texts: reports (namespace `reports`). */
export const reports = {};
