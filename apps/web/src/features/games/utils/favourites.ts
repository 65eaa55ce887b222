/**
 * §4 favourites, updated on the spot: the ids and the list change before the server is called.
 * Pure, so the optimistic step and its undo are tested without a server.
 */

/** The ids after toggling `nodeId`: added when absent, removed when present (never twice, §4). */
export function toggledIds(ids: readonly string[], nodeId: number): { ids: string[]; added: boolean } {
  const id = String(nodeId);
  return ids.includes(id) ? { ids: ids.filter((x) => x !== id), added: false } : { ids: [...ids, id], added: true };
}

/** A page of the favourites list without `game`, and with it first when `putFirst` (§4: newest first). */
export function toggledPage<G extends { nodeId: number }, P extends { content: G[] }>(
  page: P,
  game: G,
  putFirst: boolean,
): P {
  const rest = page.content.filter((g) => g.nodeId !== game.nodeId);
  return { ...page, content: putFirst ? [game, ...rest] : rest };
}
