const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from requests: one that is not a UUID finds nothing, rather than failing the uuid cast in SQL. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
