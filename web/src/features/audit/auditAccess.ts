import { useAuth } from '../../app/auth/AuthProvider';
import { canOpen } from '../../app/navigation';

/**
 * Whether the signed-in user may read audit trails: the server sends 'audit:read' in the session's
 * effective permissions (administrators and auditors by default). The server checks again on every read.
 */
export function useCanAudit(): boolean {
  const { user } = useAuth();
  return Boolean(user?.permissions.includes('audit:read'));
}

/** Whether the History panel may offer a link to the Audit page (its slider and exports). */
export function useCanOpenAuditPage(): boolean {
  const { user } = useAuth();
  return Boolean(user && canOpen(user, '/audit'));
}
