import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state.tsx';

export default function PointMallRoute() {
  const { t } = useTranslation();
  return <EmptyState title={t('common.comingSoon')} />;
}
