import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state.tsx';

export default function MemberRoute() {
  const { t } = useTranslation();
  return <EmptyState title={t('common.comingSoon')} />;
}
