/**
 * Games as the lobby lists them, varied like the demo catalogue's: a uniform list compresses as well
 * at brotli's quick quality as at its best, these as the real lists do (a few % smaller at the best).
 */
export function lobbyGames(count: number) {
  const words = ['nakshi', 'kantha', 'pohela', 'boishakh', 'rickshaw', 'padma', 'hilsa', 'monsoon', 'lotus', 'jamdani'];
  return Array.from({ length: count }, (_, i) => {
    const [vendor, name] = [words[i % 10]!, words[(i * 7) % 10]!];
    return {
      nodeId: i,
      gameCode: `${vendor}-${name}`,
      gameName: `${name} ${words[(i * 3) % 10]!}`,
      iconUrl: `/games/${vendor}/${name}.svg`,
    };
  });
}
