import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers, type TestDatabase } from '../testing/index.ts';
import { migrateWriteModel } from '../migrate.ts';
import { DeceasedAlreadyClaimed, releaseDeceased, releaseDeceasedOfSubjects, reserveDeceased } from './claim-deceased.ts';

describe.each(testDrivers())('the deceased-person reservation of claims on $name', (driver) => {
  let db: TestDatabase;
  const holders = async (companyId: string, saId: string) =>
    (
      await db.sql.query<{ owner_id: string }>(`select owner_id from reservations where scope = $1 and key = $2`, [
        `claim-deceased:${companyId}`,
        saId,
      ])
    ).map((r) => r.owner_id);

  beforeAll(async () => {
    db = await driver.create();
    await migrateWriteModel(db.sql);
  });
  afterAll(async () => db?.dispose());

  it('holds one claim per person and company; the refusal names the holding claim; release frees the person', async () => {
    const [company, other, first, second] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await db.sql.transaction((tx) => reserveDeceased(tx, company, '7005055009081', first));
    const refused = await db.sql.transaction((tx) => reserveDeceased(tx, company, '7005055009081', second)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DeceasedAlreadyClaimed);
    expect(refused).toMatchObject({ code: 'ALREADY_EXISTS', existingClaimId: first });
    // Another company's claim for the same person is its own business.
    await db.sql.transaction((tx) => reserveDeceased(tx, other, '7005055009081', second));
    await db.sql.transaction((tx) => releaseDeceased(tx, company, first));
    expect(await holders(company, '7005055009081')).toEqual([]);
    expect(await holders(other, '7005055009081')).toEqual([second]);
  });

  it('an erasure of the deceased removes the reservations of their claims (by subject id)', async () => {
    const [company, claim, untouched] = [randomUUID(), randomUUID(), randomUUID()];
    await db.sql.transaction((tx) => reserveDeceased(tx, company, '8001015009087', claim));
    await db.sql.transaction((tx) => reserveDeceased(tx, company, '9202204720082', untouched));
    await db.sql.transaction((tx) =>
      releaseDeceasedOfSubjects(tx, company, [`member:${randomUUID()}`, `claim-deceased:${claim}`, `claim-claimant:${untouched}`]),
    );
    expect(await holders(company, '8001015009087')).toEqual([]);
    expect(await holders(company, '9202204720082')).toEqual([untouched]);
  });

  it('two reservations of the same person at once: exactly one wins', async () => {
    const company = randomUUID();
    const claims = Array.from({ length: 6 }, () => randomUUID());
    const outcomes = await Promise.allSettled(
      claims.map((claim) => db.sql.transaction((tx) => reserveDeceased(tx, company, '6501015800086', claim))),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const [winner] = await holders(company, '6501015800086');
    for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toMatchObject({ existingClaimId: winner });
  });
});
