import { PagePlaceholder } from '../../app/PagePlaceholder';

export function SettingsPage() {
  return (
    <PagePlaceholder
      title="Settings"
      summary="Your company's information, your own profile and the security settings of your account."
    />
  );
}
