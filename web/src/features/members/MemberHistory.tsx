import { useState } from 'react';
import { useQuery } from 'urql';
import { errorMessage } from '../../app/errors';
import { formatDateTime } from '../../app/format';
import { Button } from '../../ui/Button';
import { RouteButtonLink } from '../../ui/ButtonLink';
import { Card } from '../../ui/Card';
import { Icon } from '../../ui/Icon';
import { Spinner } from '../../ui/Spinner';
import { visuallyHidden } from '../../ui/visuallyHidden.css';
import { actorText } from '../audit/auditFormat';
import { useCanOpenAuditPage } from '../audit/auditAccess';
import { auditPageHref } from '../audit/HistoryPanel';
import * as timeline from '../audit/HistoryPanel.css';
import { MemberHistoryQuery, type MemberHistoryEntry } from './members.operations';

function Change({ change }: { change: MemberHistoryEntry['changes'][number] }) {
  return (
    <div className={timeline.change}>
      <dt className={timeline.changeField}>{change.label}</dt>
      <dd className={timeline.changeValues}>
        {change.before === null ? (
          <span className={timeline.after}>{change.after}</span>
        ) : change.after === null ? (
          <>
            <span className={timeline.before}>{change.before}</span>
            <span className={timeline.removed}> (removed)</span>
          </>
        ) : (
          <>
            <span className={timeline.before}>{change.before}</span>
            <span aria-hidden="true"> → </span>
            <span className={visuallyHidden}> changed to </span>
            <span className={timeline.after}>{change.after}</span>
          </>
        )}
      </dd>
    </div>
  );
}

function Entries({ memberId, name }: { memberId: string; name: string }) {
  const [result] = useQuery({ query: MemberHistoryQuery, variables: { id: memberId }, requestPolicy: 'network-only' });
  const entries = result.data?.member?.history;
  if (result.fetching && !entries) return <Spinner label="Loading the history" />;
  if (result.error && !entries)
    return (
      <p role="alert" className={timeline.error}>
        {errorMessage(result.error)}
      </p>
    );
  if (!entries || entries.length === 0) return <p className={timeline.muted}>Nothing has been recorded yet.</p>;
  return (
    <ol className={timeline.timeline} aria-label={`History of ${name}`}>
      {entries.map((entry) => (
        <li key={entry.position} className={timeline.entry}>
          <div className={timeline.entryHeader}>
            <span className={timeline.entryTitle}>
              {entry.title} · {entry.subject}
            </span>
            <time className={timeline.time} dateTime={entry.occurredAt}>
              {formatDateTime(entry.occurredAt)}
            </time>
          </div>
          <span className={timeline.actor}>{actorText(entry.actor)}</span>
          {entry.note && <p className={timeline.note}>“{entry.note}”</p>}
          {entry.changes.length > 0 && (
            <dl className={timeline.changes} aria-label={`What changed: ${entry.title}`}>
              {entry.changes.map((change) => (
                <Change key={change.label} change={change} />
              ))}
            </dl>
          )}
        </li>
      ))}
    </ol>
  );
}

/**
 * The member's page's history (issue #22): the person's and their policies' events in business words,
 * newest first, read when opened. The raw events, field by field, are one click away in Audit.
 */
export function MemberHistory({ memberId, name }: { memberId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const canAudit = useCanOpenAuditPage();
  return (
    <Card title="History" description="What happened to this person and their policies, newest first.">
      <div className={timeline.toolbar}>
        <Button variant="secondary" size="sm" onPress={() => setOpen((was) => !was)} aria-expanded={open}>
          <Icon name="clock" size={16} />
          {open ? 'Hide history' : 'Show history'}
        </Button>
        {canAudit && (
          <RouteButtonLink href={auditPageHref('member', memberId)} size="sm">
            <Icon name="shield" size={16} />
            Raw events in Audit
          </RouteButtonLink>
        )}
      </div>
      {open && <Entries memberId={memberId} name={name} />}
    </Card>
  );
}
