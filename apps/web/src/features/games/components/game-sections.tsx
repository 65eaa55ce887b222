import { useTranslation } from 'react-i18next';
import { homeSectionTypes, sectionPath, type GameItem, type GameSectionType } from '../utils/sections.ts';
import { GameSection } from './game-section.tsx';

export type SectionGames = Partial<
  Record<GameSectionType, { games: readonly GameItem[]; total?: number; loading?: boolean }>
>;

/**
 * §2 the home's game sections: RNG, live, fish, PVP and sports (esports and cockfight are
 * hidden on home), each with its 'more' link to /{type}. Sections without games yet collapse
 * into compact tiles that share a row after the sections that have games (each group keeps
 * the §2 order), so the page reads in the same order it is laid out.
 */
export function GameSections({ sections, onLaunch }: { sections: SectionGames; onLaunch: (game: GameItem) => void }) {
  const { t } = useTranslation();
  const types = homeSectionTypes();
  // A section still loading keeps its place with the ones that have games (no reordering jump).
  const hasGames = (type: GameSectionType) =>
    (sections[type]?.games.length ?? 0) > 0 || Boolean(sections[type]?.loading);
  const filled = types.filter(hasGames);
  const empty = types.filter((type) => !hasGames(type));
  return (
    <div className="game-sections">
      {[...filled, ...empty].map((type) => {
        const section = sections[type];
        return (
          <GameSection
            key={type}
            title={t(`games.sections.${type}`)}
            games={section?.games ?? []}
            total={section?.total}
            loading={section?.loading}
            moreHref={sectionPath(type)}
            emptyText={t('games.sectionEmpty')}
            onLaunch={onLaunch}
          />
        );
      })}
    </div>
  );
}
