import { useState } from 'react';
import { useClient } from 'urql';
import { errorMessage } from '../../app/errors';
import { formatDateTime } from '../../app/format';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { VerifyEventChainsQuery, type ChainVerification } from './audit.operations';
import * as styles from './audit.css';

type Outcome = { result: ChainVerification } | { error: string } | null;

function VerificationResult({ result }: { result: ChainVerification }) {
  const counts = `${result.streamsChecked} ${result.streamsChecked === 1 ? 'stream' : 'streams'} and ${result.eventsChecked} ${result.eventsChecked === 1 ? 'event' : 'events'} checked ${formatDateTime(result.checkedAt)}.`;
  if (result.ok) {
    return (
      <div className={styles.verifyOk}>
        <Icon name="check" size={18} />
        <p>
          <strong>Every event chain is intact.</strong> {counts}
        </p>
      </div>
    );
  }
  const broken = result.firstBroken;
  return (
    <div className={styles.verifyBroken}>
      <Icon name="alert" size={18} />
      <div>
        <p>
          <strong>{result.brokenCount === 1 ? 'An event chain is broken.' : `${result.brokenCount} event chains are broken.`}</strong>{' '}
          {counts} The first broken link:
        </p>
        {broken && (
          <dl className={styles.brokenLink} aria-label="First broken link">
            <div>
              <dt>Stream</dt>
              <dd>{broken.streamId}</dd>
            </div>
            <div>
              <dt>Version</dt>
              <dd>{broken.version}</dd>
            </div>
            <div>
              <dt>Global position</dt>
              <dd>{broken.globalPosition}</dd>
            </div>
            <div>
              <dt>Reason</dt>
              <dd>{broken.reason}</dd>
            </div>
          </dl>
        )}
      </div>
    </div>
  );
}

/** 'Verify event chains': recomputes every stream's hash chain on the server and shows the first broken link. */
export function VerifyChains({ companyId }: { companyId: string | null }) {
  const client = useClient();
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const verify = async () => {
    setPending(true);
    const answer = await client.query(VerifyEventChainsQuery, { companyId }, { requestPolicy: 'network-only' }).toPromise();
    setPending(false);
    if (answer.data) setOutcome({ result: answer.data.verifyEventChains });
    else setOutcome({ error: answer.error ? errorMessage(answer.error) : 'The server sent an empty answer' });
  };
  return (
    <section className={styles.verify} aria-labelledby="verify-title">
      <div className={styles.verifyHeader}>
        <h2 id="verify-title" className={styles.cardTitle}>
          Tamper evidence
        </h2>
        <Button variant="secondary" size="sm" isDisabled={pending} onPress={() => void verify()}>
          <Icon name="shield" size={16} />
          {pending ? 'Verifying...' : 'Verify event chains'}
        </Button>
      </div>
      <div role="status" aria-live="polite">
        {outcome && 'result' in outcome && <VerificationResult result={outcome.result} />}
        {outcome && 'error' in outcome && <p className={styles.error}>{outcome.error}</p>}
        {!outcome && <p className={styles.muted}>Each event carries a hash of the one before it: verification recomputes every chain.</p>}
      </div>
    </section>
  );
}
