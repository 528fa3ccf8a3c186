import { useSearchParams } from 'react-router-dom';
import { useAuth } from '../../app/auth/AuthProvider';
import { EmptyState } from '../../ui/PageHeader';
import { Select } from '../../ui/Select';
import { AUDIT_ENTITIES, ENTITY_LABELS, isAuditEntity } from './auditFormat';
import type { AuditEntity } from './audit.operations';
import { EntityPicker } from './EntityPicker';
import { TimeTravel } from './TimeTravel';
import * as styles from './audit.css';

const ENTITY_OPTIONS = AUDIT_ENTITIES.map((id) => ({ id, label: ENTITY_LABELS[id] }));

/**
 * Pick an entity and read its timeline with the time slider. The choice lives in the address
 * (/audit?entity=claim&id=...), so the History panels can link here and a view can be shared.
 */
export function EntityTimelineTab({ companyId }: { companyId: string | null }) {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const requested = params.get('entity');
  const entity: AuditEntity = isAuditEntity(requested) ? requested : 'claim';
  const companyOwnId = companyId ?? user?.companyId ?? null;
  const id = entity === 'company' ? companyOwnId : params.get('id');

  const choose = (next: AuditEntity, nextId: string | null) => {
    const search = new URLSearchParams({ entity: next });
    if (nextId && next !== 'company') search.set('id', nextId);
    setParams(search, { replace: true });
  };

  return (
    <div className={styles.tabBody}>
      <div className={styles.pickers}>
        <Select
          label="Entity type"
          options={ENTITY_OPTIONS}
          value={entity}
          onChange={(next) => isAuditEntity(next) && choose(next, null)}
        />
        {entity !== 'company' && (
          <EntityPicker key={entity} entity={entity} selectedId={id} onSelect={(nextId) => choose(entity, nextId)} />
        )}
      </div>
      {id ? (
        <TimeTravel key={`${entity}:${id}:${companyId ?? ''}`} entity={entity} id={id} companyId={companyId} />
      ) : (
        <EmptyState
          icon="search"
          title={entity === 'company' ? 'Choose a company' : `Choose ${withArticle(ENTITY_LABELS[entity].toLowerCase())}`}
          text={
            entity === 'company'
              ? 'Enter the company id above to read its history.'
              : 'Search by its number or name, or paste its id, to read its timeline.'
          }
        />
      )}
    </div>
  );
}

/** 'an agent', 'a claim': the article the word's first sound takes (the entities' names start with their sound). */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}
