/** English texts of the frame pages (namespace `frame`). */
export const frame = {};
