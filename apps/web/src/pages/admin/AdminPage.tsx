import { useEffect, type ComponentType } from 'react';
import { useParams } from 'react-router';
import { Msg } from '@packsmith/contracts';
import { loadCurrentUser } from '../../api/current-user';
import { AppLink } from '../../components/AppLink';
import { PageFrame } from '../../layout/PageFrame';
import { useSessionStore } from '../../stores/session.store';
import { DesignRequestsSection } from './DesignRequestsSection';
import { FactoriesSection } from './FactoriesSection';
import { IdeasSection } from './IdeasSection';
import { PrintRequestsSection } from './PrintRequestsSection';
import { PromotionCodesSection } from './PromotionCodesSection';
import { RedeemCodesSection } from './RedeemCodesSection';
import { AdminLogSection, CancellationsSection, PaymentEventsSection } from './ReportSections';
import { UsersSection } from './UsersSection';

/**
 * The admin area's sections, one URL each (/admin/<slug>), in menu order.
 *
 * A new section: add it here (slug, label, component) and its calls under /api/admin/ on the server
 * (the server's guard covers the prefix; apps/server/src/modules/admin/README.md says how to log its changes).
 */
export const ADMIN_SECTIONS: readonly { slug: string; label: string; Component: ComponentType }[] = [
  { slug: 'users', label: 'Users', Component: UsersSection },
  { slug: 'promotion-codes', label: 'Promotion codes', Component: PromotionCodesSection },
  { slug: 'redeem-codes', label: 'Redeem codes', Component: RedeemCodesSection },
  { slug: 'cancellations', label: 'Cancellations', Component: CancellationsSection },
  { slug: 'payment-events', label: 'Payment events', Component: PaymentEventsSection },
  { slug: 'factories', label: 'Factories', Component: FactoriesSection },
  { slug: 'print-requests', label: 'Print requests', Component: PrintRequestsSection },
  { slug: 'design-requests', label: 'Design requests', Component: DesignRequestsSection },
  { slug: 'ideas', label: 'Design ideas', Component: IdeasSection },
  { slug: 'log', label: 'Admin log', Component: AdminLogSection },
];

function AdminPage() {
  const user = useSessionStore((s) => s.user);
  const userStatus = useSessionStore((s) => s.userStatus);
  const token = useSessionStore((s) => s.token);
  const slug = useParams()['*']?.split('/')[0] || 'users';
  const section = ADMIN_SECTIONS.find((s) => s.slug === slug);

  useEffect(() => {
    if (token && userStatus === 'unknown') void loadCurrentUser();
  }, [token, userStatus]);

  // Nothing of the admin area is asked for until we know the caller is an admin (the server checks too).
  if (token && userStatus !== 'ready' && !user) {
    return (
      <PageFrame route="admin" description="Loading your account…">
        <p role="status" className="text-sm text-slate-500">
          Loading…
        </p>
      </PageFrame>
    );
  }
  if (!user?.is_admin) {
    return (
      <PageFrame route="admin" description={Msg.forbidden}>
        <p className="text-sm text-slate-500">The admin area is for Packsmith staff.</p>
      </PageFrame>
    );
  }

  return (
    <PageFrame
      route="admin"
      description="Find users and change their plan and credits, make codes, and keep the factory directory, answer design requests, feature or hide design ideas, read print requests, cancellations, payment events and what admins did. Every change is logged with your name."
    >
      <nav aria-label="Admin sections" className="-mx-1 flex gap-1 overflow-x-auto border-b border-slate-200 pb-2">
        {ADMIN_SECTIONS.map((s) => (
          <AppLink key={s.slug} to={`/admin/${s.slug}`} className="nav-link whitespace-nowrap" aria-current={s === section ? 'page' : undefined}>
            {s.label}
          </AppLink>
        ))}
      </nav>
      <div className="mt-6 pb-16">
        {section ? <section.Component /> : <p className="text-sm text-slate-500">There is no admin section “{slug}”. Pick one above.</p>}
      </div>
    </PageFrame>
  );
}

export { AdminPage as Component };
