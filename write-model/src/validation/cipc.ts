/** CIPC company registration number: year / six digits / two-digit entity type, e.g. 2015/123456/07. */
export const CIPC_PATTERN = /^\d{4}\/\d{6}\/\d{2}$/;

export function isValidCipc(value: string): boolean {
  return typeof value === 'string' && CIPC_PATTERN.test(value.trim());
}
