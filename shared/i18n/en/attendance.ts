/** English texts of the attendance pages (namespace `attendance`). */
export const attendance = {};
