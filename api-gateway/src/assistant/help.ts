import { readdirSync, readFileSync } from 'node:fs';
import MiniSearch from 'minisearch';

/** One help article: a task, the screen where it is done, and its numbered steps. */
export type HelpArticle = { id: string; title: string; route: string; keywords: string; headings: string; body: string; steps: string[] };
export type HelpHit = { article: HelpArticle; score: number };

const HELP_DIR = new URL('./help/', import.meta.url);

/**
 * Words that say nothing about the topic. Without this list "how do I ..." matches every article
 * equally and drowns the one word that matters.
 */
const STOP_WORDS = new Set(
  (
    'a an and are as at be by can could do does did for from get go how i if in into is it its me my of on or our please ' +
    'should so the their them there this to us was we what when where which who why will with would you your ' +
    'want need help tell show know about way have has just still any some one'
  ).split(' '),
);

export function parseArticle(id: string, markdown: string): HelpArticle {
  const lines = markdown.split('\n');
  const title = (lines.find((l) => l.startsWith('# ')) ?? id).replace(/^# /, '').trim();
  const field = (name: string) =>
    lines
      .find((l) => l.startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .trim() ?? '';
  const headings = lines
    .filter((l) => /^#{2,} /.test(l))
    .map((l) => l.replace(/^#+ /, ''))
    .join(' ');
  const body = lines
    .filter((l) => !l.startsWith('#') && !/^(Route|Keywords):/.test(l))
    .join('\n')
    .trim();
  // The numbered steps plus any closing note: the part an answer quotes.
  const steps = body.split('\n').filter((l) => l.trim() !== '');
  return { id, title, route: field('Route'), keywords: field('Keywords'), headings, body, steps };
}

export function loadArticles(): HelpArticle[] {
  return readdirSync(HELP_DIR)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => parseArticle(name.replace(/\.md$/, ''), readFileSync(new URL(name, HELP_DIR), 'utf8')));
}

export function processTerm(term: string): string | null {
  const word = term.toLowerCase();
  if (STOP_WORDS.has(word) || word.length < 2) return null;
  // A light plural fold, so "claims" finds "claim" without a stemmer's surprises.
  return word.length > 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

export type HelpIndex = ReturnType<typeof createHelpIndex>;

export function createHelpIndex(articles: HelpArticle[] = loadArticles()) {
  const byId = new Map(articles.map((a) => [a.id, a]));
  const index = new MiniSearch<HelpArticle>({
    fields: ['title', 'keywords', 'headings', 'body'],
    storeFields: ['id'],
    processTerm,
    // Typos are forgiven in words of five letters or more: a short word one letter from another ("won" and
    // "non", "cup" and "up") is a different word, and matched it would answer a question nobody asked.
    searchOptions: { boost: { title: 3, keywords: 2 }, fuzzy: (term) => (term.length >= 5 ? 0.2 : false), prefix: true, processTerm },
  });
  index.addAll(articles);

  return {
    articles,
    search(query: string): HelpHit[] {
      return index.search(query).flatMap((r) => {
        const article = byId.get(String(r.id));
        return article ? [{ article, score: r.score }] : [];
      });
    },
  };
}
