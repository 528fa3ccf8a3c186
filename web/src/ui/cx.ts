/** Joins class names, skipping falsy ones (a two-line clsx; web keeps its dependency list short). */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
