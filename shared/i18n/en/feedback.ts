/** English texts: feedback (namespace `feedback`). */
export const feedback = {};
