/**
 * The upload limit (spec part 2 §9: one file of at most 10 MB per document) and its words: the one home
 * of this rule. The gateway streams an upload against it and answers FILE_TOO_LARGE; the web checks a
 * file against it before sending anything and shows the same words.
 */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** "10 MB", as the hints say it. */
export const UPLOAD_MAX_LABEL = `${UPLOAD_MAX_BYTES / (1024 * 1024)} MB`;
export const FILE_TOO_LARGE_TITLE = 'File too large';
export const FILE_TOO_LARGE_DESCRIPTION = `File size must be less than ${UPLOAD_MAX_BYTES / (1024 * 1024)}MB`;
/** The refusal, as the API answers it (the spec's toast: title - description). */
export const FILE_TOO_LARGE = `${FILE_TOO_LARGE_TITLE} - ${FILE_TOO_LARGE_DESCRIPTION}`;
