/** English texts: feedbackRequests (namespace `feedbackRequests`). */
export const feedbackRequests = {};
