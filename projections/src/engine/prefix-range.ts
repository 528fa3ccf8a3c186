/**
 * Prefix searches as index ranges (ADR 0003, issue #26). A search arm "the stored lower-cased column starts with
 * the lower-cased text" is written as the range [text, end) of the column's `text_pattern_ops` index, where end is
 * the text with its last character's code point one up: byte order and code point order agree in UTF-8, so a
 * string lies in the range exactly when it starts with the text. `starts_with()` gets an index only in a plan made
 * for the text's value, and making that plan cost more than the search itself (1.2 ms of planning against
 * 0.2 ms of execution for a member search with its count); the range's operators are leakproof, like
 * starts_with(), so the tenant wall lets an index serve them, and a plan made once (generic) serves every text.
 *
 * `public.search_prefix_end(text)`: the end of the range. Trailing U+10FFFF characters (the last code point, a
 * noncharacter) cannot go one up and are dropped first; after U+D7FF comes U+E000 (no surrogates in text). A text made
 * only of U+10FFFF ends at chr(1), before it: an empty range, its search matches nothing. One expression of
 * functions and operators, no FROM, no CASE: PostgreSQL inlines it into the statement (a call of an SQL function
 * that is not inlined cost 0.1 ms per index scan; a strict one whose body is not provably strict is not inlined),
 * and the wall still lets the range use an index (a CASE expression counts as leaky whatever it reads).
 */
export const PREFIX_END_FUNCTION = `
  create or replace function public.search_prefix_end(p_text text) returns text
    language sql immutable parallel safe as $$
      select left(rtrim(p_text, chr(1114111)), -1)
             || chr(ascii(right(rtrim(p_text, chr(1114111)), 1)) + 1 + (ascii(right(rtrim(p_text, chr(1114111)), 1)) = 55295)::int * 2048)
    $$;
`;

/**
 * A search's arms, one per column: the column (stored lower-cased, with a (company_id, column text_pattern_ops)
 * index) starts with the lower-cased text of the parameter `text` ($n). Joined with `or` by the caller.
 */
export const prefixArms = (columns: readonly string[], text: string): string[] =>
  columns.map((column) => `(${column} ~>=~ lower(${text}) and ${column} ~<~ public.search_prefix_end(lower(${text})))`);
