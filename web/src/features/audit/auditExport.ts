import { csvSafeCell, roleLabel } from '@fpa/write-model/validation';
import Papa from 'papaparse';
import { localIsoDate } from '../../app/download';
import { formatDateTime } from '../../app/format';
import type { PdfSection } from './auditPdf';
import { actorText, changeText, ENTITY_LABELS, type StateField } from './auditFormat';
import type { AuditEntry, AuditHistory } from './audit.operations';

export const TRAIL_COLUMNS = ['Position', 'Time', 'Event', 'Title', 'Actor', 'Role', 'Note', 'Changes'] as const;

/** One line per event, oldest first; the time as recorded (ISO, UTC) so a spreadsheet can sort it; formulas neutralised (csvSafeCell). */
export function trailCsv(entries: readonly AuditEntry[]): string {
  return Papa.unparse({
    fields: [...TRAIL_COLUMNS],
    data: entries.map((entry) =>
      [
        entry.position,
        entry.occurredAt,
        entry.eventType,
        entry.title,
        entry.actor.name,
        entry.actor.role ? roleLabel(entry.actor.role) : '',
        entry.note ?? '',
        entry.changes.map(changeText).join('; '),
      ].map(csvSafeCell),
    ),
  });
}

/** 'audit-claim-CLM-2025-000001-2025-06-01.csv': what, which one, and the day it was taken. */
export function trailFileName(history: Pick<AuditHistory, 'entity' | 'label' | 'id'>, extension: 'csv' | 'pdf', now = new Date()): string {
  const which = (history.label || history.id).replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '');
  return `audit-${history.entity}-${which}-${localIsoDate(now)}.${extension}`;
}

/** The trail as the PDF's sections: one per event, then the state at the chosen moment if given. */
export function trailPdfSections(history: AuditHistory, asOf?: { heading: string; fields: readonly StateField[] }): PdfSection[] {
  const sections: PdfSection[] = history.entries.map((entry) => ({
    heading: `#${entry.position}  ${entry.title}`,
    lines: [
      `${formatDateTime(entry.occurredAt)} · ${actorText(entry.actor)} · ${entry.eventType} (version ${entry.version})`,
      ...(entry.note ? [`Note: ${entry.note}`] : []),
      ...entry.changes.map((change) => `  ${changeText(change)}`),
    ],
  }));
  if (asOf) sections.push({ heading: asOf.heading, lines: asOf.fields.map((field) => `${field.label}: ${field.value}`) });
  return sections;
}

export function trailPdfTitle(history: Pick<AuditHistory, 'entity' | 'label'>): string {
  return `Audit trail: ${ENTITY_LABELS[history.entity]} ${history.label}`;
}

export { downloadBlob } from '../../app/fileDownload';
