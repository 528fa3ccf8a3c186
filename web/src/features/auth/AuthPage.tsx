import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Card } from '../../ui/Card';
import { Icon } from '../../ui/Icon';
import { Tabs } from '../../ui/Tabs';
import * as styles from './auth.css';
import { RegisterForm } from './RegisterForm';
import { CheckEmail, ResetRequestForm, type ResetSent } from './ResetRequest';
import { ResetComplete, ResetPasswordForm } from './ResetPassword';
import { SignInForm } from './SignInForm';
import { TierOffer } from './TierOffer';

type View = { name: 'tabs' } | { name: 'forgot' } | { name: 'sent'; sent: ResetSent } | { name: 'complete' };

/** /auth: sign in, register, and the four password-reset screens (spec §2). */
export function AuthPage() {
  const [params, setParams] = useSearchParams();
  const [view, setView] = useState<View>({ name: 'tabs' });
  const [tab, setTab] = useState('signin');
  const token = params.get('action') === 'reset' ? params.get('token') : null;

  const backToLogin = () => {
    // Dropping the token from the address is what leaves the new-password form (spec §2).
    if (params.has('token') || params.has('action')) setParams({}, { replace: true });
    setTab('signin');
    setView({ name: 'tabs' });
  };

  let content;
  if (view.name === 'complete') content = <ResetComplete onBack={backToLogin} />;
  else if (token) content = <ResetPasswordForm token={token} onDone={() => setView({ name: 'complete' })} onBack={backToLogin} />;
  else if (view.name === 'forgot') content = <ResetRequestForm onSent={(sent) => setView({ name: 'sent', sent })} onBack={backToLogin} />;
  else if (view.name === 'sent') content = <CheckEmail sent={view.sent} onBack={backToLogin} />;
  else
    content = (
      <>
        <h1 className={styles.cardHeading}>Welcome</h1>
        <p className={styles.cardIntro}>Sign in to your account, or register your company to get started.</p>
        <Tabs
          aria-label="Sign in or register"
          selectedKey={tab}
          onSelectionChange={setTab}
          items={[
            { id: 'signin', label: 'Sign In', content: <SignInForm onForgotPassword={() => setView({ name: 'forgot' })} /> },
            { id: 'register', label: 'Get Started', content: <RegisterForm /> },
          ]}
        />
      </>
    );

  return (
    <div className={styles.page}>
      <header className={styles.brand}>
        <div className={styles.logoRow}>
          <span className={styles.logoMark} aria-hidden="true">
            <Icon name="shield" size={22} />
          </span>
          <span className={styles.productName}>Funeral Policy Admin</span>
        </div>
        <p className={styles.headline}>Funeral cover administration, from first member to final claim.</p>
        <p className={styles.lead}>
          Manage policies, members, claims and your subscription tier in one place, built for South African insurers.
        </p>
      </header>
      <main className={styles.formArea}>
        <Card as="div" className={styles.formCard}>
          {content}
        </Card>
      </main>
      <aside className={styles.offer} aria-label="Plans">
        <TierOffer />
      </aside>
    </div>
  );
}
