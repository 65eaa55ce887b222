/**
 * endpoints.md §8 prize-mode logic (§4): LOTT by default; ELOTT when the ELOTT lane's cards have
 * the vassalage TCG_LOTTO_VN or LOTT.
 */
export type PrizeMode = 'LOTT' | 'ELOTT';

export function prizeModeOf(lanes: readonly { title: string; cards: readonly { vassalage: string }[] }[]): PrizeMode {
  const elott = lanes.find((lane) => lane.title === 'ELOTT');
  return elott?.cards.some((card) => card.vassalage === 'TCG_LOTTO_VN' || card.vassalage === 'LOTT') ? 'ELOTT' : 'LOTT';
}
