/** The nine provinces of South Africa: the code stored with members, the name shown. */
export const PROVINCES = [
  { code: 'GP', name: 'Gauteng' },
  { code: 'WC', name: 'Western Cape' },
  { code: 'KZN', name: 'KwaZulu-Natal' },
  { code: 'EC', name: 'Eastern Cape' },
  { code: 'FS', name: 'Free State' },
  { code: 'LP', name: 'Limpopo' },
  { code: 'MP', name: 'Mpumalanga' },
  { code: 'NC', name: 'Northern Cape' },
  { code: 'NW', name: 'North West' },
] as const;

export type ProvinceCode = (typeof PROVINCES)[number]['code'];
export type ProvinceName = (typeof PROVINCES)[number]['name'];

export const PROVINCE_CODES = PROVINCES.map((p) => p.code) as readonly ProvinceCode[];

/** The names in alphabetical order, as the onboarding select lists them. */
export const PROVINCE_NAMES = PROVINCES.map((p) => p.name).sort() as readonly ProvinceName[];

export function isProvinceCode(value: string): value is ProvinceCode {
  return (PROVINCE_CODES as readonly string[]).includes(value);
}

/** The province's name for its code; an unknown code comes back unchanged so old data still shows. */
export function provinceName(code: string): string {
  return PROVINCES.find((p) => p.code === code)?.name ?? code;
}

/**
 * The code for a code or a name, ignoring case and surrounding spaces ('gauteng', ' GP ' → 'GP');
 * null when it is neither. CSV files and older screens use names, newer ones codes.
 */
export function resolveProvince(value: string): ProvinceCode | null {
  if (typeof value !== 'string') return null;
  const wanted = value.trim().toLowerCase();
  return PROVINCES.find((p) => p.code.toLowerCase() === wanted || p.name.toLowerCase() === wanted)?.code ?? null;
}
