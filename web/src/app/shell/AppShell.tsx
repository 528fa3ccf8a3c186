import { useAtom } from 'jotai';
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { AssistantWidget } from '../../features/assistant/AssistantWidget';
import { Button } from '../../ui/Button';
import { Dialog, Modal } from '../../ui/Dialog';
import { Icon } from '../../ui/Icon';
import { PageSpinner } from '../../ui/Spinner';
import { media } from '../../theme/tokens';
import { drawerOpenAtom } from '../atoms';
import * as styles from './shell.css';
import { Sidebar, useCompanyName } from './Sidebar';

/** Signed-in layout: sidebar on desktop, top bar + left drawer on small screens, and the assistant. */
export function AppShell() {
  const [drawerOpen, setDrawerOpen] = useAtom(drawerOpenAtom);
  const companyName = useCompanyName();
  const closeDrawer = () => setDrawerOpen(false);

  // Widening the window past the breakpoint shows the permanent sidebar; a drawer left open would
  // then cover the page behind a second copy of it.
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const desktop = window.matchMedia(media.desktop);
    const onChange = () => desktop.matches && setDrawerOpen(false);
    desktop.addEventListener('change', onChange);
    return () => desktop.removeEventListener('change', onChange);
  }, [setDrawerOpen]);

  return (
    <div className={styles.layout}>
      <aside className={styles.desktopSidebar} aria-label="Sidebar">
        <Sidebar />
      </aside>

      <header className={styles.topBar}>
        <Button
          variant="ghost"
          size="icon"
          className={styles.onDarkButton}
          aria-label="Open menu"
          aria-expanded={drawerOpen}
          onPress={() => setDrawerOpen(true)}
        >
          <Icon name="menu" />
        </Button>
        <span className={styles.topBarTitle}>{companyName}</span>
      </header>

      <Modal isOpen={drawerOpen} onOpenChange={setDrawerOpen} placement="left">
        <Dialog title="Navigation" showHeader={false}>
          <Sidebar onNavigate={closeDrawer} onClose={closeDrawer} />
        </Dialog>
      </Modal>

      <main className={styles.main}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>

      <AssistantWidget />
    </div>
  );
}
