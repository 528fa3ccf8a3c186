import { PagePlaceholder } from '../../app/PagePlaceholder';

export function OnboardingPage() {
  return (
    <PagePlaceholder
      title="Client Onboarding"
      summary="A three-step wizard that signs up a client with their address, policy, beneficiary and family members."
    />
  );
}
