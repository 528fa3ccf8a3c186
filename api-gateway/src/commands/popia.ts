import { dataSubjectSchema } from '@fpa/write-model/validation';
import {
  erasePersonalData as erasePersonalDataCommand,
  eventsOfSubjects,
  eventTitle,
  NO_PERSONAL_DATA,
  NotFoundError,
  parseInput,
  recordDataExport,
  type EventRef,
} from '@fpa/write-model';
import type { EventStore, RecordedEvent } from '@fpa/write-model/event-store';
import { allProjectors, findPersonFile, findPersonSubjects, personRecords } from '@fpa/projections';
import type { RequestContext } from '../context.ts';
import { auditScope } from '../queries/audit.ts';
import { readYourWrites } from './consistency.ts';

/*
 * POPIA requests (personal_data:manage): a data subject's access request answered with everything
 * held about them, and erasure by destroying their keys (crypto-shredding) then rebuilding the read
 * models that copied their data.
 */

/** The events themselves, read through the store (decrypted), grouped by stream so each is read once. */
async function readEvents(store: EventStore, refs: readonly EventRef[]): Promise<RecordedEvent[]> {
  const byStream = new Map<string, Set<number>>();
  for (const ref of refs) byStream.set(ref.streamId, (byStream.get(ref.streamId) ?? new Set()).add(ref.streamVersion));
  const found: RecordedEvent[] = [];
  for (const [streamId, versions] of byStream) {
    const { events } = await store.readStream(streamId, { fromVersion: Math.min(...versions) });
    found.push(...events.filter((e) => versions.has(e.streamVersion)));
  }
  return found.sort((a, b) => a.globalPosition - b.globalPosition);
}

export type DataSubjectExport = { idNumber: string; subjectIds: string[]; generatedAt: Date; json: string };

export async function dataSubjectExport(ctx: RequestContext, idNumberInput: string, companyId?: string | null): Promise<DataSubjectExport> {
  const scope = await auditScope(ctx, 'personal_data:manage', companyId);
  const { idNumber } = parseInput(dataSubjectSchema, { idNumber: idNumberInput });
  const { sql, store } = ctx.services;
  const subjects = await findPersonSubjects(sql, scope.companyId, idNumber);
  if (subjects.length === 0) throw new NotFoundError(NO_PERSONAL_DATA);
  const subjectIds = [...new Set(subjects.map((s) => s.subjectId))];
  const events = await readEvents(store, await eventsOfSubjects(sql, subjectIds));
  const generatedAt = new Date();
  const document = {
    generatedAt: generatedAt.toISOString(),
    companyId: scope.companyId,
    idNumber,
    subjects,
    records: await personRecords(sql, scope.companyId, subjects),
    events: events.map((e) => ({
      position: e.globalPosition,
      streamId: e.streamId,
      version: e.streamVersion,
      type: e.type,
      title: eventTitle(e.type, e.data),
      occurredAt: e.recordedAt.toISOString(),
      data: e.data,
    })),
  };
  await recordDataExport(store, { companyId: scope.companyId, idNumber, subjectIds }, scope.command);
  return { idNumber, subjectIds, generatedAt, json: JSON.stringify(document, null, 2) };
}

export type ErasureAnswer = { erased: true; subjectIds: string[]; eventsAffected: number; erasedAt: Date; projectionsRebuilt: string[] };

export async function erasePersonalData(
  ctx: RequestContext,
  idNumber: string,
  input: unknown,
  companyId?: string | null,
): Promise<ErasureAnswer> {
  const scope = await auditScope(ctx, 'personal_data:manage', companyId);
  const body = typeof input === 'object' && input !== null ? input : {};
  const request = { ...body, idNumber };
  const { sql, store, keyring, engine, config } = ctx.services;
  const parsed = parseInput(dataSubjectSchema, request);
  const facts = await findPersonFile(sql, scope.companyId, parsed.idNumber);
  const refs = await eventsOfSubjects(
    sql,
    facts.subjects.map((s) => s.subjectId),
  );
  const outcome = await erasePersonalDataCommand(
    store,
    keyring,
    { companyId: scope.companyId, input: request, facts, retentionYears: config.retentionYears, eventsAffected: refs.length },
    scope.command,
  );
  // Read models copied the person's data in the clear while the key existed: every one that reads an
  // affected event type is rebuilt from the log, where those fields now read '[erased]'.
  const types = new Set(refs.map((r) => r.type));
  const rebuilt = allProjectors.filter((p) => p.handles.some((type) => types.has(type))).map((p) => p.name);
  for (const name of rebuilt) await engine.rebuild(name);
  await readYourWrites(ctx, outcome.append);
  return {
    erased: true,
    subjectIds: outcome.subjectIds,
    eventsAffected: outcome.eventsAffected,
    erasedAt: outcome.erasedAt,
    projectionsRebuilt: rebuilt,
  };
}
