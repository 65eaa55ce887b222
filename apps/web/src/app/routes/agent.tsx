import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state.tsx';

export default function AgentRoute() {
  const { t } = useTranslation();
  return <EmptyState title={t('common.comingSoon')} />;
}
