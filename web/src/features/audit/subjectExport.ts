import { fieldLabel, stateFields } from './auditFormat';
import type { PdfSection } from './auditPdf';
import type { DataSubjectExport } from './audit.operations';

/** The export's JSON, indented for people; what the server sent is kept as it is if it is not JSON. */
export function subjectJson(exported: DataSubjectExport): string {
  try {
    return JSON.stringify(JSON.parse(exported.json), null, 2);
  } catch {
    return exported.json;
  }
}

/** 'personal-data-800101******-2025-06-01.json': the reference masked as the reports mask it. */
export function subjectFileName(idNumber: string, generatedAt: string, extension: 'json' | 'pdf'): string {
  const masked = idNumber.length > 6 ? `${idNumber.slice(0, 6)}${'x'.repeat(idNumber.length - 6)}` : idNumber;
  return `personal-data-${masked.replace(/[^A-Za-z0-9]/g, '')}-${generatedAt.slice(0, 10)}.${extension}`;
}

/** One PDF section per part of the export (person, members, policies, claims, ...), every field a line. */
export function subjectPdfSections(exported: DataSubjectExport): PdfSection[] {
  let data: unknown;
  try {
    data = JSON.parse(exported.json);
  } catch {
    return [{ heading: 'Export', lines: [exported.json] }];
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    return [{ heading: 'Export', lines: stateFields(JSON.stringify(data)).map((f) => `${f.label}: ${f.value}`) }];
  return Object.entries(data).map(([key, value]) => {
    const fields = stateFields(JSON.stringify(value));
    return {
      heading: fieldLabel(key),
      lines: fields.length > 0 ? fields.map((f) => (f.label ? `${f.label}: ${f.value}` : f.value)) : ['none'],
    };
  });
}
