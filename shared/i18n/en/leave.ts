/** English texts of the leave pages (namespace `leave`). */
export const leave = {};
