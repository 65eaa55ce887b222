import { SWITCH_IDS, SWITCH_PARENT, SWITCHES, type WhitelabelNode } from '@khela/contracts';

/**
 * §3 white-label switches as the tree the status call returns: each module switch carries the
 * switches that refine it (SWITCH_PARENT). Every known switch appears; one without a row is off,
 * as everywhere else. Rows of switches this build does not know are kept at the root.
 */
export function buildWhitelabelTree(rows: readonly { mod_id: string; enabled: boolean }[]): WhitelabelNode[] {
  const enabled = new Map(rows.map((r) => [r.mod_id, r.enabled]));
  const modIds = [...SWITCH_IDS, ...rows.map((r) => r.mod_id).filter((id) => !Object.hasOwn(SWITCHES, id))];
  const nodes = new Map<string, WhitelabelNode>(
    modIds.map((modId) => [
      modId,
      {
        modId,
        enabled: enabled.get(modId) ? '1' : '0',
        name: (SWITCHES as Record<string, string>)[modId] ?? modId,
        childrenNodes: [],
      },
    ]),
  );
  const roots: WhitelabelNode[] = [];
  for (const node of nodes.values()) {
    const parentId = (SWITCH_PARENT as Record<string, string | undefined>)[node.modId];
    const parent = parentId === undefined ? undefined : nodes.get(parentId);
    (parent ? parent.childrenNodes : roots).push(node);
  }
  return roots;
}
