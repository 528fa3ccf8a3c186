/*
 * A record's field names as business words, one rule for the Audit page (web) and the member's page's
 * readable history (server): 'claimAmount' → 'Claim amount', 'deceasedSaId' → 'Deceased SA ID'.
 */

// Abbreviations the product writes in capitals wherever they appear in a field name.
const ABBREVIATIONS: Record<string, string> = { sa: 'SA', id: 'ID', ids: 'IDs', cipc: 'CIPC', fsp: 'FSP', url: 'URL', sms: 'SMS' };

/** One path segment as words; a list index (0-based) as its 1-based number. */
function words(segment: string): string {
  if (/^\d+$/.test(segment)) return String(Number(segment) + 1);
  const spaced = segment
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/\s+/)
    .filter(Boolean)
    // Acronyms (SA, ID) keep their capitals; other words read in lower case.
    .map((word) => ABBREVIATIONS[word.toLowerCase()] ?? (/^[A-Z]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** A dot path of the folded state as words: 'bankDetails.accountNumber' → 'Bank details › Account number'. */
export function fieldLabel(path: string): string {
  return path.split('.').map(words).join(' › ');
}
