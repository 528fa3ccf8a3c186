import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { NAVIGATION } from '../../app/navigation';

const PAGES = new Set<string>(NAVIGATION.map((entry) => entry.path).filter((path) => path !== '/'));
// A path like /members or /group-schemes standing on its own (not inside a URL or a date).
const PATH = /(?<![\w/.:])(\/[a-z][a-z-]*)(?![\w/-])/g;

/** An answer's text with the app's page routes (e.g. /members) as links to those pages. */
export function MessageText({ text }: { text: string }) {
  const parts: (string | { path: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(PATH)) {
    const path = match[1]!;
    if (!PAGES.has(path)) continue;
    parts.push(text.slice(last, match.index), { path });
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, index) =>
        typeof part === 'string' ? (
          <Fragment key={index}>{part}</Fragment>
        ) : (
          <Link key={index} to={part.path}>
            {part.path}
          </Link>
        ),
      )}
    </>
  );
}
