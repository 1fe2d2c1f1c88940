/** The largest part of a file 1C may send in one request (it is told so by `init` and splits bigger files). */
export const FILE_LIMIT = 8 * 1024 * 1024;
