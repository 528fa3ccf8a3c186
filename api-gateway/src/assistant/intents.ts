import type { Role } from '@fpa/write-model/validation';

/**
 * Questions about the caller's own figures, recognised by explicit keyword sets. Deliberately
 * simple: a reader can see why a question matched, and a how-to question ("how do I cancel a
 * lapsed policy") never turns into a number because it lacks a quantity cue.
 */
export type Subject =
  | 'policies'
  | 'members'
  | 'membersLeft'
  | 'claims'
  | 'revenue'
  | 'premiums'
  | 'myCommission'
  | 'myClients'
  | 'agents'
  | 'sales'
  | 'arrears'
  | 'claimDeadlines';
export type PolicyStatusWord = 'active' | 'lapsed' | 'cancelled' | 'all';
export type ClaimKind = 'review' | 'open' | 'all';
export type Intent =
  | { subject: 'policies'; status: PolicyStatusWord }
  | { subject: 'claims'; kind: ClaimKind }
  | {
      subject:
        | 'members'
        | 'membersLeft'
        | 'revenue'
        | 'premiums'
        | 'myCommission'
        | 'myClients'
        | 'agents'
        | 'sales'
        | 'arrears'
        | 'claimDeadlines';
    };

export type ChatMessage = { role: 'user' | 'assistant'; content: string };

const COUNT = /\b(how many|number of|count of|total|do we have|have we)\b/;
const QUANTITY = /\b(how many|how much|number of|count of|total|what(?:'s| is| are) (?:our|my|the)|do we have|have we|so far|this month)\b/;
const LEFT = /\b(left|remaining|still add|more members|add more|spare|room for|until (?:the|my|our) limit|members can i)\b/;
const REVENUE = /\b(revenue|income|turnover|earnings?|mrr)\b/;
const PREMIUMS_COLLECTED =
  /\b(premiums?|payments?|money)\b.*\b(collected|received|came in|come in|paid in|taken in)\b|\bcollect(?:ed)?\b.*\bpremiums?\b/;
const POLICIES = /\bpolic(?:y|ies)\b/;
const MEMBERS = /\b(members?|clients?|customers?|people)\b/;
const CLAIMS = /\bclaims?\b/;
const LAPSED = /\blaps(?:e|ed|es|ing)\b/;
const CANCELLED = /\bcancel(?:l?ed|lations?)?\b/;
const ACTIVE = /\b(active|in force|live)\b/;
const REVIEW = /\b(review|waiting|pending|new|submitted|to (?:be )?(?:checked|processed|decided))\b/;
const OPEN = /\b(open|outstanding|unresolved|in progress|not (?:yet )?paid)\b/;
// An agent's own figures: "my commission this month", "how many clients have I onboarded".
const COMMISSION = /\bcommissions?\b/;
const MY_CLIENTS =
  /\b(my (?:clients?|customers?|sales)|(?:clients?|customers?) (?:have |did |do )?i (?:onboarded|onboard|signed(?: up)?|sold|brought in|have)|(?:have|did) i (?:onboarded|onboard|sold|signed up)|i(?:'ve| have) (?:onboarded|sold|signed up))\b/;
// The Agents page's summary and the New Sales page's totals.
const AGENTS = /\bagents?\b/;
const SALES = /\b(sales|sold)\b/;
const FOLLOW_UP = /^(and|what about|how about|or|also|plus)\b/;
// The claims decision deadline (issue #23): a how-to topic, not a count of claims (no figure answers it yet).
const DEADLINE = /\b(deadlines?|due|overdue|late|disput\w*|business days?)\b/;
// Arrears and grace (issue #20): the Arrears worklist answers them; a member or policy count would be a near miss.
const ARREARS = /\b(arrears|grace|behind on|unpaid premiums?|missed premiums?)\b/;

// "What is the deadline…", "how does grace work": how a rule works, a help topic rather than a figure.
const HOW_IT_WORKS = /\b(how do|how does|what is the|what are the|what's the|explain|mean|what happens)\b/;

function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .replace(/[?!.,;:]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function policyStatus(text: string): PolicyStatusWord | null {
  if (LAPSED.test(text)) return 'lapsed';
  if (CANCELLED.test(text)) return 'cancelled';
  if (ACTIVE.test(text)) return 'active';
  return null;
}

function claimKind(text: string): ClaimKind | null {
  if (OPEN.test(text)) return 'open';
  if (REVIEW.test(text)) return 'review';
  return null;
}

/** The intent of one message on its own, or null when it is not a question about figures. */
export function detectIntent(message: string): Intent | null {
  const text = normalize(message);
  if (COMMISSION.test(text)) return { subject: 'myCommission' };
  if (MY_CLIENTS.test(text)) return { subject: 'myClients' };
  if (REVENUE.test(text)) return { subject: 'revenue' };
  if (PREMIUMS_COLLECTED.test(text)) return { subject: 'premiums' };
  const quantity = QUANTITY.test(text);
  // A count, said plainly: "what is the agents page for" is a how-to question, "how many agents" is not.
  const count = COUNT.test(text);
  // "how many policies have our agents sold" is about sales, not the whole portfolio.
  if (SALES.test(text) && count && !/\btarget/.test(text)) return { subject: 'sales' };
  if (AGENTS.test(text) && count && !CLAIMS.test(text)) return { subject: 'agents' };
  // "policies that lapsed" and "claims waiting for review" ask for a figure without saying "how many".
  // Which or how many (issue #25): a figure from the dashboard's panels; how arrears or the deadline work
  // stays a help topic.
  const asksWhich = (quantity || /\b(which|who|list|show me|any)\b/.test(text)) && !HOW_IT_WORKS.test(text);
  if (CLAIMS.test(text) && DEADLINE.test(text)) return asksWhich ? { subject: 'claimDeadlines' } : null;
  if (ARREARS.test(text)) return asksWhich ? { subject: 'arrears' } : null;
  if (CLAIMS.test(text) && (quantity || claimKind(text))) return { subject: 'claims', kind: claimKind(text) ?? 'all' };
  if (POLICIES.test(text) && (quantity || /\b(that|which) (?:have )?(?:lapsed|were cancelled)\b/.test(text))) {
    return { subject: 'policies', status: policyStatus(text) ?? 'all' };
  }
  if (MEMBERS.test(text) && LEFT.test(text) && (quantity || /\b(plan|limit|tier|subscription)\b/.test(text)))
    return { subject: 'membersLeft' };
  if (MEMBERS.test(text) && quantity) return { subject: 'members' };
  return null;
}

/**
 * A short follow-up ("and the lapsed ones?") borrows its subject from the last figure question in
 * the conversation; its own words supply the new status or kind.
 */
export function detectFollowUp(message: string, history: readonly ChatMessage[]): Intent | null {
  const text = normalize(message);
  if (!FOLLOW_UP.test(text) && text.split(' ').length > 5) return null;
  const previous = [...history].reverse().find((m) => m.role === 'user' && detectIntent(m.content));
  const earlier = previous ? detectIntent(previous.content) : null;
  if (!earlier) return null;
  if (earlier.subject === 'policies') {
    const status = policyStatus(text) ?? (/\b(all|total|every)\b/.test(text) ? 'all' : null);
    return status ? { subject: 'policies', status } : null;
  }
  if (earlier.subject === 'claims') {
    const kind = claimKind(text) ?? (/\b(all|total|every)\b/.test(text) ? 'all' : null);
    return kind ? { subject: 'claims', kind } : null;
  }
  // Other subjects have no variants; "and the claims?" after a members question is a new subject.
  const fresh = detectIntent(`how many ${text}`);
  return fresh;
}

/** Words for a refusal, kept polite: the caller asked a fair question their role does not cover. */
export function refusal(role: Role, what: string, plural = false): string {
  const who = role.replace(/_/g, ' ');
  return `Sorry, ${what} ${plural ? 'are' : 'is'} not available to your role (${who}). An administrator of your company can see ${plural ? 'them' : 'it'} on the Dashboard (/). See "What each role may do" (/role-management) for what your role covers.`;
}
