/**
 * `npm run slot:rtp`: the in-house slot's theoretical RTP computed exactly from its reel strips and
 * pay table (packages/games/src/slot/slot-rtp.ts), not by simulation — the figure its help shows.
 */
import { decimal, SLOT, slotRtp } from '@khela/games';

const { rtp, lineReturn, scatterReturn, freeSpinsChance, freeSpinsPerTrigger } = slotRtp();
const percent = (f: { numerator: bigint; denominator: bigint }) =>
  `${decimal({ ...f, numerator: f.numerator * 100n }, 4)} %`;
console.log(
  `Slot: ${SLOT.reels} reels × ${SLOT.rows} rows, ${SLOT.lines} lines, strips of ${SLOT.strips.map((s) => s.length).join(', ')}`,
);
console.log(`RTP            ${percent(rtp)}  (exactly ${rtp.numerator} / ${rtp.denominator})`);
console.log(`a line returns ${decimal(lineReturn, 6)} line bets on average`);
console.log(`scatters       ${decimal(scatterReturn, 6)} total bets on average`);
console.log(
  `free spins     triggered ${percent(freeSpinsChance)} of spins (1 in ${decimal({ numerator: freeSpinsChance.denominator, denominator: freeSpinsChance.numerator }, 1)}), ${decimal(freeSpinsPerTrigger, 3)} spins a trigger`,
);
