import { useTranslation } from 'react-i18next';

const MEDALS = {
  1: { fill: '#f5b301', ribbon: '#c0392b', text: '#4a3200' },
  2: { fill: '#c3ccd8', ribbon: '#2e6fd8', text: '#26303d' },
  3: { fill: '#d08a4e', ribbon: '#1f8a5b', text: '#3d1f07' },
} as const;

/** §2: the top three ranks get a rank image (a medal); the rest show their number. */
export function RankBadge({ rank }: { rank: number }) {
  const { t } = useTranslation();
  const medal = MEDALS[rank as 1 | 2 | 3];
  if (!medal) return <span className="winners__rank-number">{rank}</span>;
  return (
    <svg className="winners__medal" viewBox="0 0 32 32" role="img" aria-label={t('winners.rankLabel', { rank })}>
      <path d="M9 2h5l3 9h-5zM23 2h-5l-3 9h5z" fill={medal.ribbon} />
      <circle cx="16" cy="20" r="10" fill={medal.fill} stroke="rgb(0 0 0 / 0.25)" />
      <circle cx="16" cy="20" r="7" fill="none" stroke="rgb(255 255 255 / 0.55)" />
      <text x="16" y="24.5" textAnchor="middle" fontSize="12" fontWeight="700" fill={medal.text}>
        {rank}
      </text>
    </svg>
  );
}
