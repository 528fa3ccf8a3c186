/** The filters of the company history as the user set them (dates are South African calendar days). */
export type CompanyHistoryFilter = { type: string | null; actorId: string | null; fromDate: string; toDate: string };

export const EMPTY_FILTER: CompanyHistoryFilter = { type: null, actorId: null, fromDate: '', toDate: '' };

export const COMPANY_HISTORY_PAGE_SIZE = 50;
export const EXPORT_PAGE_SIZE = 500;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

// South Africa keeps +02:00 all year (no daylight saving), so a calendar day there is a fixed UTC span.
function saDayStart(day: string): string {
  return new Date(`${day}T00:00:00.000+02:00`).toISOString();
}

function saDayEnd(day: string): string {
  return new Date(`${day}T23:59:59.999+02:00`).toISOString();
}

/** The query's variables: 'from' at the first day's start, 'to' at the last day's end (both inclusive). */
export function companyHistoryVariables(filter: CompanyHistoryFilter, companyId: string | null, first: number, after: string | null) {
  return {
    type: filter.type,
    actorId: filter.actorId,
    from: DAY.test(filter.fromDate) ? saDayStart(filter.fromDate) : null,
    to: DAY.test(filter.toDate) ? saDayEnd(filter.toDate) : null,
    first,
    after,
    companyId,
  };
}
