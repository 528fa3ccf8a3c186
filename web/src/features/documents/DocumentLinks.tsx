import { ButtonLink } from '../../ui/ButtonLink';
import { Icon } from '../../ui/Icon';
import type { DocumentItem } from './documents.operations';
import * as styles from './documents.css';

/**
 * View opens the file inline in a new tab; Download asks the browser to save it. Both are plain
 * links to the gateway, which checks the session cookie and the company before serving the file.
 */
export function DocumentLinks({ document }: { document: Pick<DocumentItem, 'originalName' | 'viewUrl' | 'downloadUrl'> }) {
  return (
    <span className={styles.links}>
      <ButtonLink href={document.viewUrl} target="_blank" rel="noopener noreferrer" aria-label={`View ${document.originalName}`}>
        <Icon name="eye" size={16} />
        View
      </ButtonLink>
      <ButtonLink href={document.downloadUrl} download={document.originalName} aria-label={`Download ${document.originalName}`}>
        <Icon name="download" size={16} />
        Download
      </ButtonLink>
    </span>
  );
}
