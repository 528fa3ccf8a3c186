import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { errorMessage } from '../../app/errors';
import { formatDate, formatRand } from '../../app/format';
import { useAuth } from '../../app/auth/AuthProvider';
import { canOpen } from '../../app/navigation';
import { useCan } from '../../app/permissions';
import * as pages from '../../app/pages.css';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { RouteButtonLink } from '../../ui/ButtonLink';
import { Card } from '../../ui/Card';
import { Cell, DataTable } from '../../ui/DataTable';
import { Icon } from '../../ui/Icon';
import { Link } from '../../ui/Link';
import { EmptyState, PageHeader } from '../../ui/PageHeader';
import { PageSpinner } from '../../ui/Spinner';
import { lapseText, noticeText, StatementButton } from '../arrears/StatementDialog';
import { HistoryButton } from '../audit/HistoryDisclosure';
import { ClaimDetailsDialog } from '../claims/ClaimDetailsDialog';
import { CLAIM_STATUS_LABELS, CLAIM_STATUS_TONES } from '../claims/claimStatus';
import { MANDATE_STATUS_LABELS } from '../collections/collectionLabels';
import { DebitOrderButton } from '../collections/MandateDialog';
import { PAYMENT_STATUS_LABELS, PAYMENT_STATUS_TONES, paymentMethodLabel } from '../payments/paymentLabels';
import { STATUS_LABELS, STATUS_TONES } from '../policies/policyStatus';
import { MemberMessages } from '../notifications/MemberMessages';
import { ReceiptButton, ScheduleButton } from '../papers/PaperButton';
import { BeneficiariesSection } from './beneficiaries/BeneficiariesSection';
import { AddMemberDialog } from './AddMemberDialog';
import { CommunicationDialog } from './CommunicationDialog';
import { DeleteMemberDialog } from './DeleteMemberDialog';
import { EditMemberDialog } from './EditMemberDialog';
import { MemberLimitDialog } from './MemberLimitDialog';
import { IssuePolicyDialog } from './IssuePolicyDialog';
import { ChangePolicyTypeDialog } from './ChangePolicyTypeDialog';
import { MemberHistory } from './MemberHistory';
import { DocumentsCard } from './MemberDocuments';
import { identifierText, memberTag, statusTone } from './memberRow';
import { MEMBERS_CONTEXT, MemberPageQuery, type MemberPage as Member, type MemberPagePolicy } from './members.operations';
import * as styles from './memberPage.css';

/*
 * /members/{id} (issue #22): one screen for a phone call. Who the person is, the policies they hold (or
 * the one covering them) with what is paid and owed, the lives covered, payments, claims and the notices
 * sent, in one request. A section the role may not read is left out (the server answers it null).
 */

function MemberNotFound() {
  return (
    <Card as="div">
      <h1 className={pages.messageTitle}>
        <Icon name="alert" size={24} />
        Member Not Found
      </h1>
      <p className={pages.muted}>The requested member could not be found. They may have been deleted.</p>
      <div>
        <RouteButtonLink href="/" size="md">
          <Icon name="arrowLeft" size={18} />
          Back to the dashboard
        </RouteButtonLink>
      </div>
    </Card>
  );
}

const fullName = (m: { firstName: string; lastName: string }) => `${m.firstName} ${m.lastName}`;

function Fact({ label, children, wide = false }: { label: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? pages.infoWide : undefined}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function describe(member: Member): string {
  const parts = [member.isMainMember ? 'Main member' : memberTag(member)];
  if (member.schemeName) parts.push(`Group scheme ${member.schemeName}`);
  if (member.age !== null) parts.push(`${member.age} years`);
  parts.push(member.saId ? `SA ID ${member.saId}` : member.passportNumber ? `Passport ${member.passportNumber}` : 'No ID number');
  return parts.join(' · ');
}

function PersonCard({ member }: { member: Member }) {
  const address = [member.address, member.city, member.province, member.postalCode].filter(Boolean).join(', ');
  return (
    <Card title="Details">
      <dl className={pages.infoGrid}>
        <Fact label="Status">
          <Badge tone={statusTone(member.status)}>{member.status}</Badge>
        </Fact>
        <Fact label={member.saId ? 'SA ID' : 'Passport'}>{identifierText(member)}</Fact>
        <Fact label="Date of birth">{member.birthDate ? formatDate(member.birthDate) : '—'}</Fact>
        <Fact label="Age">{member.age ?? '—'}</Fact>
        <Fact label="Phone">{member.phone || '—'}</Fact>
        <Fact label="Email">{member.email || '—'}</Fact>
        <Fact label="Nationality">{member.nationality}</Fact>
        <Fact label="Member since">{formatDate(member.createdAt)}</Fact>
        {member.schemeId && (
          <Fact label="Group scheme">
            <Link href={`/group-schemes/${member.schemeId}`}>{member.schemeName ?? 'Group scheme'}</Link>
          </Fact>
        )}
        {!member.isMainMember && (
          <Fact label="Main member">
            {member.mainMemberId && member.mainMemberName ? (
              <Link href={`/members/${member.mainMemberId}`}>{member.mainMemberName}</Link>
            ) : (
              '—'
            )}
          </Fact>
        )}
        <Fact label="Address" wide>
          {address || '—'}
        </Fact>
      </dl>
    </Card>
  );
}

function PolicyFigures({ policy }: { policy: MemberPagePolicy }) {
  const statement = policy.statement;
  return (
    <dl className={pages.infoGrid}>
      <Fact label={policy.schemeId ? 'Group scheme' : 'Type'}>{policy.policyTypeName || '—'}</Fact>
      <Fact label="Cover">{formatRand(policy.coverageAmount)}</Fact>
      {/* A group scheme's policy has no premium or debit order of its own: the scheme pays by group payments. */}
      {policy.schemeId ? (
        <Fact label="Premium">Paid by the scheme</Fact>
      ) : (
        <>
          <Fact label="Premium">{formatRand(policy.monthlyPremium)} a month</Fact>
          <Fact label="Debit day">{policy.debitDay}</Fact>
        </>
      )}
      <Fact label="Start date">{formatDate(policy.startDate)}</Fact>
      <Fact label="Waiting period">{policy.waitingPeriod} months</Fact>
      {statement && (
        <>
          <Fact label="Paid up to">{statement.paidUpTo ? formatDate(statement.paidUpTo) : 'Not yet paid'}</Fact>
          <Fact label="Balance due">{formatRand(statement.balance)}</Fact>
          <Fact label="Months in arrears">{statement.monthsInArrears}</Fact>
        </>
      )}
      {!policy.schemeId && (
        <Fact label="Debit order">
          {policy.mandate
            ? `${policy.mandate.mandateReference} · ${policy.mandate.suspended ? 'suspended' : MANDATE_STATUS_LABELS[policy.mandate.status]}`
            : 'None'}
        </Fact>
      )}
    </dl>
  );
}

function Notices({ policy }: { policy: MemberPagePolicy }) {
  const statement = policy.statement;
  if (!statement || (statement.notices.length === 0 && !statement.lapse)) return null;
  return (
    <ul className={styles.muted} aria-label={`Notices on policy ${policy.policyNumber}`}>
      {statement.notices.map((n) => (
        <li key={n.issuedOn + n.periods.join()}>Non-payment notice {noticeText(n)}</li>
      ))}
      {statement.lapse && <li>{lapseText(statement.lapse)}</li>}
    </ul>
  );
}

function PoliciesCard({
  member,
  onIssue,
  onChangeType,
}: {
  member: Member;
  onIssue: (() => void) | null;
  onChangeType: ((policy: MemberPagePolicy) => void) | null;
}) {
  const policies = member.policies ?? [];
  return (
    <Card
      title={member.isMainMember ? 'Policies' : 'Covered by'}
      description={member.isMainMember ? undefined : `${fullName(member)} is covered by their main member's policy.`}
    >
      {policies.length === 0 ? (
        <EmptyState
          icon="file"
          title="No policy"
          text={member.isMainMember ? 'This member holds no policy.' : 'The main member holds no policy.'}
          action={
            onIssue ? (
              <Button size="sm" onPress={onIssue}>
                New Policy
              </Button>
            ) : undefined
          }
        />
      ) : (
        policies.map((policy) => (
          <article key={policy.id} className={styles.policy} aria-label={`Policy ${policy.policyNumber}`}>
            <header className={styles.policyHead}>
              <h3 className={styles.policyTitle}>
                <span className={styles.mono}>{policy.policyNumber}</span>
                <Badge tone={STATUS_TONES[policy.status]}>{STATUS_LABELS[policy.status]}</Badge>
              </h3>
              <span className={styles.actions}>
                {policy.statement && <StatementButton policyId={policy.id} policyNumber={policy.policyNumber} />}
                {policy.statement && (
                  <DebitOrderButton policyId={policy.id} policyNumber={policy.policyNumber} debitDay={policy.debitDay} />
                )}
                {!member.schemeId && <ScheduleButton policyId={policy.id} policyNumber={policy.policyNumber} />}
                {onChangeType && member.isMainMember && !member.schemeId && policy.status === 'active' && (
                  <Button
                    size="sm"
                    variant="secondary"
                    onPress={() => onChangeType(policy)}
                    aria-label={`Change Type of ${policy.policyNumber}`}
                  >
                    Change Type
                  </Button>
                )}
                <HistoryButton entity="policy" id={policy.id} name={`policy ${policy.policyNumber}`} />
              </span>
            </header>
            <PolicyFigures policy={policy} />
            <Notices policy={policy} />
            {member.isMainMember && !member.schemeId && (
              <BeneficiariesSection policyId={policy.id} policyNumber={policy.policyNumber} beneficiaries={policy.beneficiaries ?? null} />
            )}
          </article>
        ))
      )}
      {policies.length > 0 && policies.every((p) => p.status !== 'active') && onIssue && (
        <div>
          <Button size="sm" variant="secondary" onPress={onIssue}>
            New Policy
          </Button>
        </div>
      )}
    </Card>
  );
}

const LIFE_COLUMNS = ['Name', 'Relationship', 'Age', 'ID Number', 'Cover', 'Status', 'Actions'] as const;
const PRICED_LIFE_COLUMNS = ['Name', 'Relationship', 'Age', 'ID Number', 'Cover', 'Premium', 'Status', 'Actions'] as const;

/**
 * Each life's cover (issue #22): its own cover and premium on a policy with a benefit table; else the
 * policy's one cover for every life. From the policy in force, or the newest.
 */
function coverOf(member: Member) {
  const policies = member.policies ?? [];
  const policy = policies.find((p) => p.status === 'active') ?? policies[0] ?? null;
  const own = new Map((policy?.coverByLife ?? []).map((l) => [l.memberId, l]));
  return {
    priced: own.size > 0,
    cover: (life: Life) => (own.size > 0 ? (own.get(life.id)?.coverAmount ?? null) : (policy?.coverageAmount ?? null)),
    premium: (life: Life) => own.get(life.id)?.monthlyPremium ?? null,
  };
}

type Life = Member['lives'][number];

/** The lives the policy covers, with the clerk's actions on them: add a family member, remove one (issue #22). */
function LivesCard({ member, onAdd, onRemove }: { member: Member; onAdd: (() => void) | null; onRemove: ((life: Life) => void) | null }) {
  const { priced, cover, premium } = coverOf(member);
  const money = (amount: string | null) => (amount === null ? '—' : formatRand(amount));
  return (
    <Card
      title="Lives covered"
      description={
        priced
          ? 'The main member and the family members their policy covers, each with its own cover and premium (the policy’s premium is their sum).'
          : 'The main member and the family members their policy covers.'
      }
    >
      <DataTable caption="Lives covered" columns={priced ? PRICED_LIFE_COLUMNS : LIFE_COLUMNS}>
        {member.lives.map((life) => (
          <tr key={life.id}>
            <Cell label="Name" lead>
              {life.id === member.id ? <strong>{fullName(life)}</strong> : <Link href={`/members/${life.id}`}>{fullName(life)}</Link>}
            </Cell>
            <Cell label="Relationship">{life.isMainMember ? 'Main member' : memberTag(life)}</Cell>
            <Cell label="Age">{life.age ?? '—'}</Cell>
            <Cell label="ID Number" className={styles.mono}>
              {identifierText(life)}
            </Cell>
            <Cell label="Cover" className={styles.mono}>
              {money(cover(life))}
            </Cell>
            {priced && (
              <Cell label="Premium" className={styles.mono}>
                {money(premium(life))}
              </Cell>
            )}
            <Cell label="Status">
              <Badge tone={statusTone(life.status)}>{life.status}</Badge>
            </Cell>
            <Cell label="Actions">
              {/* A deceased person's record stays (the server refuses to delete it too). */}
              {!life.isMainMember && life.status !== 'deceased' && onRemove ? (
                <Button variant="secondary" size="sm" aria-label={`Remove ${fullName(life)}`} onPress={() => onRemove(life)}>
                  Remove
                </Button>
              ) : (
                '—'
              )}
            </Cell>
          </tr>
        ))}
      </DataTable>
      {onAdd && (
        <div>
          <Button size="sm" variant="secondary" onPress={onAdd}>
            <Icon name="userPlus" size={16} />
            Add a family member
          </Button>
        </div>
      )}
    </Card>
  );
}

const PAYMENT_COLUMNS = ['Date', 'Policy', 'Amount', 'Method', 'Reference', 'Status', 'Receipt'] as const;

function PaymentsCard({ policies }: { policies: readonly MemberPagePolicy[] }) {
  const rows = policies.flatMap((p) => (p.payments?.nodes ?? []).map((payment) => ({ payment, policyNumber: p.policyNumber })));
  const total = policies.reduce((sum, p) => sum + (p.payments?.totalCount ?? 0), 0);
  rows.sort((a, b) => b.payment.paymentDate.localeCompare(a.payment.paymentDate));
  return (
    <Card title="Payments" description={total > rows.length ? `The latest ${rows.length} of ${total}.` : undefined}>
      {rows.length === 0 ? (
        <EmptyState icon="card" title="No payments yet" />
      ) : (
        <DataTable caption="Payments" columns={PAYMENT_COLUMNS}>
          {rows.map(({ payment, policyNumber }) => (
            <tr key={payment.id}>
              <Cell label="Date" lead>
                {formatDate(payment.paymentDate)}
              </Cell>
              <Cell label="Policy" className={styles.mono}>
                {policyNumber}
              </Cell>
              <Cell label="Amount" className={styles.mono}>
                {formatRand(payment.amount)}
              </Cell>
              <Cell label="Method">{paymentMethodLabel(payment.paymentMethod)}</Cell>
              <Cell label="Reference">{payment.reference || '—'}</Cell>
              <Cell label="Status">
                <Badge tone={PAYMENT_STATUS_TONES[payment.status]}>{PAYMENT_STATUS_LABELS[payment.status]}</Badge>
              </Cell>
              <Cell label="Receipt">
                {payment.status === 'completed' ? (
                  <ReceiptButton paymentId={payment.id} policyNumber={policyNumber} paymentDate={payment.paymentDate} />
                ) : (
                  '—'
                )}
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
    </Card>
  );
}

const CLAIM_COLUMNS = ['Claim', 'Deceased', 'Amount', 'Submitted', 'Status'] as const;

type ClaimRef = { id: string; claimNumber: string };

function ClaimsCard({ policies }: { policies: readonly MemberPagePolicy[] }) {
  const [open, setOpen] = useState<ClaimRef | null>(null);
  const claims = policies.flatMap((p) => p.claims ?? []);
  return (
    <Card title="Claims">
      {claims.length === 0 ? (
        <EmptyState icon="clipboard" title="No claims" />
      ) : (
        <DataTable caption="Claims" columns={CLAIM_COLUMNS}>
          {claims.map((claim) => (
            <tr key={claim.id}>
              <Cell label="Claim" lead>
                <Link onPress={() => setOpen(claim)} aria-label={`Claim ${claim.claimNumber}`}>
                  {claim.claimNumber}
                </Link>
              </Cell>
              <Cell label="Deceased">{claim.deceasedName}</Cell>
              <Cell label="Amount" className={styles.mono}>
                {formatRand(claim.claimAmount)}
              </Cell>
              <Cell label="Submitted">{formatDate(claim.submittedDate)}</Cell>
              <Cell label="Status">
                <Badge tone={CLAIM_STATUS_TONES[claim.status]}>{CLAIM_STATUS_LABELS[claim.status]}</Badge>
                {claim.payout && (
                  <span className={styles.claimPaid}>
                    {formatRand(claim.payout.amount)} paid on {formatDate(claim.payout.paidOn)}
                  </span>
                )}
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
      {open && <ClaimDetailsDialog claim={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}

type DialogState =
  | { kind: 'edit' }
  | { kind: 'communication' }
  | { kind: 'issue' }
  | { kind: 'add' }
  | { kind: 'limit'; reason: string }
  | { kind: 'remove'; life: Life }
  | { kind: 'changeType'; policy: MemberPagePolicy }
  | null;

export function MemberPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const [result] = useQuery({ query: MemberPageQuery, variables: { id }, context: MEMBERS_CONTEXT });
  const [dialog, setDialog] = useState<DialogState>(null);
  const mayEdit = useCan('members:update');
  const mayIssue = useCan('members:create');
  const mayRemove = useCan('members:delete');
  const mayChangeType = useCan('policies:update_status');
  const navigate = useNavigate();
  const member = result.data?.member;

  if (result.fetching && !result.data) return <PageSpinner label="Loading member" />;
  if (result.error && !result.data)
    return <EmptyState icon="alert" title="The member could not be loaded" text={errorMessage(result.error)} />;
  if (!member) return <MemberNotFound />;

  const name = fullName(member);
  // A group scheme's member is added, edited, removed and covered through the scheme (its page has those).
  const [canEdit, canIssue, canRemove, canChangeType] = member.schemeId
    ? [false, false, false, false]
    : [mayEdit, mayIssue, mayRemove, mayChangeType];
  const policies = member.policies;
  const issue = canIssue && member.isMainMember && member.policyStatus !== 'active' ? () => setDialog({ kind: 'issue' }) : null;
  // The main member whose policy the lives are on (this member, or a family member's main member).
  const main = member.lives.find((life) => life.isMainMember);
  const add = canIssue && main ? () => setDialog({ kind: 'add' }) : null;
  const remove = canRemove ? (life: Life) => setDialog({ kind: 'remove', life }) : null;
  return (
    <div className={pages.page}>
      {user && canOpen(user, '/members') && (
        <Link href="/members" className={pages.backLink}>
          <Icon name="arrowLeft" size={16} />
          All members
        </Link>
      )}
      <PageHeader
        title={name}
        description={describe(member)}
        actions={
          <>
            {canEdit && (
              <Button variant="secondary" onPress={() => setDialog({ kind: 'edit' })}>
                <Icon name="edit" size={18} />
                Edit
              </Button>
            )}
            {canEdit && (
              <Button variant="secondary" onPress={() => setDialog({ kind: 'communication' })}>
                Message preferences
              </Button>
            )}
          </>
        }
      />
      <PersonCard member={member} />
      {policies && (
        <PoliciesCard
          member={member}
          onIssue={issue}
          onChangeType={canChangeType ? (policy) => setDialog({ kind: 'changeType', policy }) : null}
        />
      )}
      <LivesCard member={member} onAdd={add} onRemove={remove} />
      {policies && policies.some((p) => p.payments) && <PaymentsCard policies={policies} />}
      {policies && policies.some((p) => p.claims) && <ClaimsCard policies={policies} />}
      <DocumentsCard documents={member.documents} />
      <MemberMessages memberId={member.id} />
      <MemberHistory memberId={member.id} name={name} />
      {dialog?.kind === 'edit' && <EditMemberDialog member={member} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'communication' && <CommunicationDialog memberId={member.id} name={name} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'issue' && <IssuePolicyDialog member={member} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'changeType' && <ChangePolicyTypeDialog policy={dialog.policy} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'add' && main && (
        <AddMemberDialog
          familyOf={{ id: main.id, name: fullName(main) }}
          onClose={() => setDialog(null)}
          onLimitReached={(reason) => setDialog({ kind: 'limit', reason })}
        />
      )}
      {dialog?.kind === 'limit' && <MemberLimitDialog reason={dialog.reason} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'remove' && (
        <DeleteMemberDialog
          member={dialog.life}
          onClose={() => {
            // Removing the person whose page this is leaves nothing to show: on to their main member's.
            if (dialog.life.id === member.id && main) void navigate(`/members/${main.id}`);
            setDialog(null);
          }}
        />
      )}
    </div>
  );
}
