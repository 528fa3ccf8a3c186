import type { PermissionName } from '@fpa/write-model/validation';
import { useAuth } from './auth/AuthProvider';

/** Whether the signed-in user holds a permission: the one the server checks for the action shown. */
export function useCan(permission: PermissionName): boolean {
  const { user } = useAuth();
  return Boolean(user?.permissions.includes(permission));
}
