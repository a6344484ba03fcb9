import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Toasts } from '../components/Toasts';
import { StoreKeeperProvider } from '../stores/store-keeper';
import { useUiStore } from '../stores/ui.store';
import { Footer } from './Footer';
import { Header } from './Header';
import { MobileMenu } from './MobileMenu';
import { usePageViews } from './usePageViews';

const LoginModal = lazy(() => import('../features/account/LoginModal'));
const PayModal = lazy(() => import('../features/billing/PayModal'));

/** The page frame shared by every route: skip link, header, main, footer, dialogs and messages. */
export function RootLayout() {
  usePageViews();
  const navigation = useNavigation();
  const loginOpen = useUiStore((s) => s.loginModal);
  const payOpen = useUiStore((s) => s.payModal);
  const busy = navigation.state !== 'idle';
  useEffect(() => {
    document.documentElement.dataset.navigating = busy ? 'true' : 'false';
  }, [busy]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-[70] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow-lg"
      >
        Skip to content
      </a>
      <div
        aria-hidden="true"
        className={`fixed inset-x-0 top-0 z-[65] h-0.5 origin-left bg-violet-600 transition-transform duration-300 ${busy ? 'scale-x-75' : 'scale-x-0'}`}
      />
      <Header />
      <MobileMenu />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <StoreKeeperProvider>
          <Outlet />
        </StoreKeeperProvider>
      </main>
      <Footer />
      <Suspense fallback={null}>
        {loginOpen && <LoginModal />}
        {payOpen && <PayModal />}
      </Suspense>
      <Toasts />
      <ScrollRestoration />
    </div>
  );
}
