import { describe, expect, it } from 'vitest';
import { FILE_TOO_LARGE, UPLOAD_MAX_BYTES, UPLOAD_MAX_LABEL } from './uploads.ts';

describe('the upload limit', () => {
  it("is spec part 2 §9's 10 MB, said in the spec's words", () => {
    expect(UPLOAD_MAX_BYTES).toBe(10_485_760);
    expect(UPLOAD_MAX_LABEL).toBe('10 MB');
    expect(FILE_TOO_LARGE).toBe('File too large - File size must be less than 10MB');
  });
});
