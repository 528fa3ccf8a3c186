/**
 * Rows sent to a set-based statement as one parameter (issue #26). Each row goes as a JSON array of its values in
 * the columns' order, and the statement takes them apart with jsonb_array_elements, a column an index into the
 * array: the keys are not sent again for every row, and the server finds a value by its place instead of
 * building every row as an object with its keys sorted first. Measured at 50,000 payment rows of fifteen
 * columns: 15 MB instead of 25, and 360 ms of the server's time against 470–500 ms as json objects
 * (json_to_recordset) and 630 ms as jsonb objects (jsonb_to_recordset).
 *
 * The columns are declared as a record type's are (`ord int, id uuid, "firstName" text, lives jsonb`), so a
 * statement reads as it did with a recordset: `from ${ROWS.from('$1', 'r')}` gives the relation `r` with those
 * columns, and `ROWS.json(rows)` the parameter for objects keyed by the columns' names. A value the object lacks
 * (or holds as undefined) is null, as a recordset's missing key was.
 */
export type RowSet = {
  /** The relation: a sub-select of the parameter `param` (text) with the declared columns, named `alias`. */
  from(param: string, alias: string): string;
  /** The parameter: a JSON array of `{"rows": n}`, then each row as an array of its values in the columns' order. */
  json(rows: readonly object[]): string;
};

type Column = { name: string; sql: string; type: string };

const COLUMN = /^\s*(?:"([^"]+)"|([a-z_][a-z0-9_]*))\s+([a-z][a-z0-9_ ]*?)\s*$/;

export function rowSet(columns: string): RowSet {
  const declared: Column[] = columns.split(',').map((text) => {
    const match = COLUMN.exec(text);
    if (!match) throw new Error(`rowSet: cannot read the column "${text.trim()}"`);
    const name = match[1] ?? match[2]!;
    return { name, sql: match[1] ? `"${name}"` : name, type: match[3]! };
  });
  const value = (column: Column, at: number) => {
    // JSON's null is SQL's null here, as a recordset reads it (not the jsonb value null).
    if (column.type === 'jsonb') return `nullif(e->${at}, 'null'::jsonb)`;
    if (column.type === 'text') return `e->>${at}`;
    return `(e->>${at})::${column.type}`;
  };
  const select = declared.map((column, at) => `${value(column, at)} as ${column.sql}`).join(', ');
  const names = declared.map((column) => column.name);
  return {
    // The limit is the number of rows, so it removes nothing: it tells the planner how many rows come. Alone,
    // jsonb_array_elements is estimated at 100 rows whatever it is given, and a live batch of a few registrations was
    // joined to members by hashing the company's whole table wherever that cost less than 100 lookups (1.5 ms for
    // three rows at 5,000 members' rows, issue #26). With the limit a plan made for the given rows (a custom plan)
    // counts them exactly (up to 100), and a generic plan assumes a tenth of 100: either looks a few rows up by their keys.
    // The number leads the array as an object, read from the text's first characters: jsonb_array_length() of the
    // parameter parsed all of it a second time (planning a rebuild's batch of 500 payments took 2.6 ms instead of 1.2).
    // An object, not a bare number: a jsonb scalar answers ->>0 with itself, and the skipped row's columns are still read.
    from: (param, alias) =>
      `(select ${select} from jsonb_array_elements(${param}::text::jsonb) as e offset 1 limit substring(left(${param}::text, 24) from '[0-9]+')::int) as ${alias}`,
    json: (rows) =>
      JSON.stringify([{ rows: rows.length }, ...rows.map((row) => names.map((name) => (row as Record<string, unknown>)[name]))]),
  };
}
