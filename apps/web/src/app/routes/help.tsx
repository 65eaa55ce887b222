import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { closeModal, openModal, useModal } from '../../stores/modals.ts';
import HomeRoute from './home.tsx';

/** `#deposit-help` → `deposit-help`; a malformed escape is used as written. */
function tagOf(hash: string): string {
  const raw = hash.replace(/^#/, '');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * §2 `/help` and `/help#<tag>`: the home page (help "uses home layout") with the help centre
 * modal open on that article. A new hash while here switches the article; closing the modal
 * (or replacing it with another) returns to `/`; leaving the route closes it.
 */
export default function HelpRoute() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const modal = useModal();
  const tag = tagOf(hash);
  const wasOpen = useRef(false);
  const current = useRef(modal);
  current.current = modal;

  useEffect(() => {
    openModal('help', tag ? { tag } : {});
  }, [tag]);

  useEffect(() => {
    if (modal?.name === 'help') wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      navigate('/', { replace: true });
    }
  }, [modal, navigate]);

  // Browser back (or any other navigation) away from /help takes the help modal with it.
  useEffect(
    () => () => {
      wasOpen.current = false;
      if (current.current?.name === 'help') closeModal();
    },
    [],
  );

  return <HomeRoute />;
}
