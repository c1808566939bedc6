/** Finding the one institution a picker offers, so that a form can choose it for the user. */
import type { OfficeNode } from '@apm/contract';

/** Institutions looked at at most: a tree bigger than this has more than one choice in practice. */
const MAX_VISITED = 50;

/**
 * The id of the only selectable office of the tree under `roots`, or undefined when there are
 * several (or none). Children are loaded only along branches that could still leave one choice,
 * so the usual single-office tree costs no request beyond the roots.
 */
export async function findSoleOffice(
  roots: readonly OfficeNode[],
  selectable: (node: OfficeNode) => boolean,
  loadChildren: (id: number) => Promise<OfficeNode[]>,
): Promise<number | undefined> {
  let sole: number | undefined;
  let visited = 0;
  const queue = [...roots];
  for (let node = queue.shift(); node; node = queue.shift()) {
    if (++visited > MAX_VISITED) return undefined;
    if (selectable(node)) {
      if (sole !== undefined) return undefined;
      sole = node.id;
    }
    if (node.hasChildren) queue.push(...(await loadChildren(node.id)));
  }
  return sole;
}
