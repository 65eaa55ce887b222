import { lazy, Suspense, useState } from 'react';
import { walletEndpoints } from '@khela/contracts';
import { sessionStore } from '../../../lib/session-store.ts';
import { useEndpointQuery } from '../../../lib/query.ts';
import { useModal } from '../../../stores/modals.ts';
import { useSession } from '../../auth/hooks/use-session.ts';
import { useSwitches } from '../../system/api/get-status.ts';

const ContractPopup = lazy(() => import('./contract-popup.tsx').then((m) => ({ default: m.ContractPopup })));

/** Closed with "Later": not shown again this session (§4 popups keep a per-session closed flag). */
export const CONTRACT_POPUP_CLOSED = 'contractPopupClosed';

/**
 * §6 "members see offers from their upline on log-in": once signed in (not a trial user, §4, and
 * with AGENTPOLICY3 on), `home.consolidated` is read; a pending offer (hasContract) opens the
 * contract popup — its code loads only then. Waits while another modal is open.
 */
export function ContractOffers() {
  const { token, role } = useSession();
  const switches = useSwitches();
  const modal = useModal();
  const [closed, setClosed] = useState(() => sessionStore.flag(CONTRACT_POPUP_CLOSED));
  const enabled = !!token && (role === 'member' || role === 'agent') && switches.AGENTPOLICY3 === true;
  const consolidated = useEndpointQuery(walletEndpoints.consolidated, {}, { enabled, staleTime: 60_000, retry: false });
  const offers = consolidated.data?.offers ?? [];
  if (!enabled || closed || modal || offers.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ContractPopup
        offers={offers}
        onLater={() => {
          sessionStore.setFlag(CONTRACT_POPUP_CLOSED);
          setClosed(true);
        }}
      />
    </Suspense>
  );
}
