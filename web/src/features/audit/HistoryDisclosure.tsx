import { useId, useState } from 'react';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Dialog, Modal } from '../../ui/Dialog';
import { Icon } from '../../ui/Icon';
import { useCanAudit } from './auditAccess';
import type { AuditEntity } from './audit.operations';
import { HistoryPanel } from './HistoryPanel';
import * as styles from './HistoryPanel.css';

type Target = { entity: AuditEntity; id: string /** what the user calls it: 'policy POL-2025-000001' */; name: string };

/**
 * A 'History' button (for table rows and page headers) opening the entity's timeline in a dialog.
 * Renders nothing for users without 'audit:read'.
 */
export function HistoryButton({ entity, id, name, size = 'sm' }: Target & { size?: 'sm' | 'md' }) {
  const canAudit = useCanAudit();
  const [open, setOpen] = useState(false);
  if (!canAudit) return null;
  return (
    <>
      <Button variant="secondary" size={size} aria-label={`History of ${name}`} onPress={() => setOpen(true)}>
        <Icon name="clock" size={16} />
        History
      </Button>
      {open && (
        <Modal isOpen onOpenChange={setOpen} size="wide">
          <Dialog title={`History of ${name}`}>
            <HistoryPanel entity={entity} id={id} />
          </Dialog>
        </Modal>
      )}
    </>
  );
}

/**
 * A collapsible 'History' section (inside dialogs and on settings): closed at first, so the trail is
 * read (and that read recorded) only when someone asks for it. Nothing for users without 'audit:read'.
 */
export function HistorySection({ entity, id, name, card = false }: Target & { card?: boolean }) {
  const canAudit = useCanAudit();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (!canAudit) return null;
  const toggle = (
    <Button
      variant="secondary"
      size="sm"
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      aria-label={`${open ? 'Hide' : 'Show'} history of ${name}`}
      onPress={() => setOpen(!open)}
    >
      <Icon name="clock" size={16} />
      {open ? 'Hide history' : 'Show history'}
    </Button>
  );
  const body = (
    <>
      {toggle}
      {open && (
        <div id={panelId}>
          <HistoryPanel entity={entity} id={id} />
        </div>
      )}
    </>
  );
  if (card) {
    return (
      <Card title="History" description="Every change to the company's own record, who made it and when.">
        <div className={styles.section}>{body}</div>
      </Card>
    );
  }
  return (
    <section className={styles.section} aria-label={`History of ${name}`}>
      <h3 className={styles.sectionTitle}>History</h3>
      {body}
    </section>
  );
}
