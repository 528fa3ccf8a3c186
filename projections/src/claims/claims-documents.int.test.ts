import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { runCleanups } from '../engine/engine.fixtures.ts';
import { claimsRows, openClaimsBed } from './claims.fixtures.ts';
import { claimCounts, findClaim, listAllClaims, listClaims } from './claims.queries.ts';
import { DOCUMENT_LIST_LIMIT, findDocument, listDocuments, type DocumentRow } from './documents.queries.ts';

describe.each(testDrivers())('claim documents, erasure and rebuild on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));
  const setup = () => openClaimsBed(driver, cleanups);

  it('lists the documents of every claim with who uploaded them; review moves the status and records who', async () => {
    const bed = await setup();
    const t = await bed.company('Ubuntu Funerals');
    const clerk = await t.user('Zanele', 'Mthembu');
    const boss = await t.user('Johan', 'Botha', 'administrator');
    const one = await t.submitClaim(clerk, { memberName: 'Nomvula Dlamini' });
    const two = await t.submitClaim(null, {
      memberName: 'Pieter van Wyk',
      documentNames: ['ID_van_wyk.JPG', 'scan 100%.pdf'],
    });
    await t.reviewDocument(boss, one.claimId, one.documentIds[2] ?? '', 'verified');
    await t.reviewDocument(boss, one.claimId, one.documentIds[3] ?? '', 'rejected', 'Bank letter is older than 3 months');
    await bed.project();

    const all = await listDocuments(bed.sql, t.companyId);
    expect(all.truncated).toBe(false);
    // Newest claim first; a claim's files in the order of its form.
    expect(all.nodes.map((d) => d.id)).toEqual([...two.documentIds, ...one.documentIds]);
    const certificate = await findDocument(bed.sql, t.companyId, one.documentIds[2] ?? '');
    expect(certificate).toEqual({
      id: one.documentIds[2],
      originalName: 'death-certificate.pdf',
      claimId: one.claimId,
      claimNumber: 'CLM-000001',
      memberName: 'Nomvula Dlamini',
      field: 'deathCertificateDocument',
      category: 'death_certificate',
      status: 'verified',
      size: 3072,
      contentType: 'application/pdf',
      sha256: 'ab'.repeat(32),
      uploadedBy: 'Zanele Mthembu',
      uploadedAt: expect.any(Date),
      reviewedBy: 'Johan Botha',
      reviewedAt: expect.any(Date),
      reviewNote: null,
      companyId: t.companyId,
      companyName: 'Ubuntu Funerals',
    } satisfies Record<keyof DocumentRow, unknown>);
    expect(await findDocument(bed.sql, t.companyId, one.documentIds[3] ?? '')).toMatchObject({
      status: 'rejected',
      reviewNote: 'Bank letter is older than 3 months',
    });
    expect(all.nodes.find((d) => d.claimId === two.claimId)).toMatchObject({ uploadedBy: null, status: 'pending' });

    const names = async (args: Parameters<typeof listDocuments>[2]) =>
      (await listDocuments(bed.sql, t.companyId, args)).nodes.map((d) => d.originalName);
    expect(await names({ status: 'rejected' })).toEqual(['bank-letter.pdf']);
    expect(await names({ status: 'pending', category: 'identity_document' })).toEqual([
      'ID_van_wyk.JPG',
      'scan 100%.pdf',
      'deceased-id.pdf',
      'claimant-id.jpg',
    ]);
    // LIKE's wildcards are taken literally: '_' is no 'van W' of the member name.
    expect(await names({ search: 'VAN_W' })).toEqual(['ID_van_wyk.JPG']);
    expect(await names({ search: 'certif' })).toEqual(['death-certificate.pdf']);
    expect(await names({ search: '000002' })).toEqual(['ID_van_wyk.JPG', 'scan 100%.pdf']);
    expect(await names({ search: '0%' })).toEqual(['scan 100%.pdf']);
    expect(await names({ search: 'nomvula dl' })).toHaveLength(4);
    const detail = await findClaim(bed.sql, t.companyId, one.claimId);
    expect(detail?.documents.map((d) => [d.category, d.status])).toEqual([
      ['identity_document', 'pending'],
      ['identity_document', 'pending'],
      ['death_certificate', 'verified'],
      ['bank_statement', 'rejected'],
    ]);
  });

  it('gives the platform operator every company’s documents (companyId null), each naming its company', async () => {
    const bed = await setup();
    const [a, b] = [await bed.company('Ubuntu Funerals'), await bed.company('Thuthuka Burial Society')];
    const inA = await a.submitClaim(null, { documentNames: ['a.pdf'] });
    const inB = await b.submitClaim(null, { documentNames: ['b.pdf'] });
    await bed.project();

    const platform = await listDocuments(bed.sql, null);
    expect(platform.nodes.map((d) => [d.originalName, d.companyId, d.companyName])).toEqual([
      ['b.pdf', b.companyId, 'Thuthuka Burial Society'],
      ['a.pdf', a.companyId, 'Ubuntu Funerals'],
    ]);
    expect((await listDocuments(bed.sql, null, { search: 'thuthuka' })).nodes).toEqual([]);
    expect((await listDocuments(bed.sql, a.companyId)).nodes.map((d) => d.originalName)).toEqual(['a.pdf']);
    expect(await findDocument(bed.sql, null, inB.documentIds[0] ?? '')).toMatchObject({
      companyName: 'Thuthuka Burial Society',
    });
    expect(await findDocument(bed.sql, a.companyId, inB.documentIds[0] ?? '')).toBeNull();
    expect(await findDocument(bed.sql, b.companyId, inB.documentIds[0] ?? '')).toMatchObject({ originalName: 'b.pdf' });
    expect(await findDocument(bed.sql, null, 'not-a-uuid')).toBeNull();
    expect(inA.documentIds).toHaveLength(1);
  });

  it(`cuts the document list at ${DOCUMENT_LIST_LIMIT} rows and says so`, async () => {
    const bed = await setup();
    const t = await bed.company('Ubuntu Funerals');
    const files = Array.from({ length: DOCUMENT_LIST_LIMIT + 1 }, (_, i) => `page-${i}.pdf`);
    await t.submitClaim(null, { documentNames: files });
    await bed.project();
    const list = await listDocuments(bed.sql, t.companyId);
    expect(list.truncated).toBe(true);
    expect(list.nodes).toHaveLength(DOCUMENT_LIST_LIMIT);
    expect(list.nodes[0]?.originalName).toBe('page-0.pdf');
    expect((await listDocuments(bed.sql, t.companyId, { search: 'page-50' })).truncated).toBe(false);
  });

  it("projects erased people's '[erased]' fields without failing; they stay listable and searchable", async () => {
    const bed = await setup();
    const t = await bed.company('Ubuntu Funerals');
    const clerk = await t.user('Zanele', 'Mthembu');
    const claim = await t.submitClaim(clerk);
    await t.moveTo(clerk, claim.claimId, 'under_review');
    await bed.keyring.destroy(`member:${claim.memberId}`);
    await bed.keyring.destroy(`claim-deceased:${claim.claimId}`);
    await bed.keyring.destroy(`claim-claimant:${claim.claimId}`);
    await bed.keyring.destroy(`user:${clerk}`);
    await bed.project();

    const detail = await findClaim(bed.sql, t.companyId, claim.claimId);
    expect(detail).toMatchObject({
      memberName: '[erased]',
      deceasedName: '[erased]',
      claimantName: '[erased]',
      dateOfDeath: null,
      claimNumber: 'CLM-000001',
      claimAmount: '15000.00',
      status: 'under_review',
      submittedBy: '[erased] [erased]',
    });
    expect(detail?.history.map((h) => [h.toStatus, h.changedById])).toEqual([
      ['submitted', clerk],
      ['under_review', clerk],
    ]);
    expect(detail?.documents.every((d) => d.memberName === '[erased]')).toBe(true);
    expect((await listClaims(bed.sql, t.companyId, { search: '[er' })).totalCount).toBe(1);
    expect((await listClaims(bed.sql, t.companyId, { search: 'clm' })).nodes).toHaveLength(1);
    expect((await listDocuments(bed.sql, t.companyId, { search: 'erased' })).nodes).toHaveLength(4);
    expect(await claimCounts(bed.sql, t.companyId)).toMatchObject({ total: 1, underReview: 1, active: 1 });
  });

  it('a rebuild from the start of the log gives the same read model as the live projector', async () => {
    const bed = await setup();
    await bed.engine.start();
    const [a, b] = [await bed.company('Ubuntu Funerals'), await bed.company('Thuthuka Burial Society')];
    const clerk = await a.user('Zanele', 'Mthembu');
    const c1 = await a.submitClaim(clerk);
    const c2 = await a.submitClaim(clerk, { memberName: 'Pieter van Wyk' });
    const c3 = await b.submitClaim(null);
    await a.moveTo(clerk, c1.claimId, 'under_review', 'approved', 'paid');
    await a.moveTo(clerk, c2.claimId, 'sent_to_underwriter');
    await b.moveTo(null, c3.claimId, 'under_review', 'rejected');
    await a.reviewDocument(clerk, c1.claimId, c1.documentIds[0] ?? '', 'verified', 'Matches Home Affairs');
    await bed.project();
    const answers = async () => ({
      rows: await claimsRows(bed.sql),
      claims: await Promise.all([a, b].map((t) => listAllClaims(bed.sql, t.companyId))),
      details: await Promise.all([c1, c2].map((c) => findClaim(bed.sql, a.companyId, c.claimId))),
      documents: await listDocuments(bed.sql, null),
      counts: await Promise.all([a, b].map((t) => claimCounts(bed.sql, t.companyId))),
    });
    const live = await answers();

    await bed.engine.rebuild('claims');

    const status = (await bed.engine.status()).find((s) => s.name === 'claims');
    expect(status).toMatchObject({ generation: 2, rebuilding: null });
    expect(await answers()).toEqual(live);
    expect(live.counts[0]).toMatchObject({ total: 2, paid: 1, sentToUnderwriter: 1, active: 1 });
    expect(live.rows.claim_status_history).toHaveLength(9);
  });
});
