/** English texts: feedbackAdmin (namespace `feedbackAdmin`). */
export const feedbackAdmin = {};
