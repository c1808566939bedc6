/** Pure helpers of the folder tree: flat folders → nested nodes, descendants, paths. */
import type { MaterialFolder } from '@apm/contract';

/** A folder with its child folders. */
export interface FolderNode extends MaterialFolder {
  children: FolderNode[];
}

/**
 * Nests the flat folder list (parents first, though any order works): folders whose parent is
 * not in the list become roots. Siblings keep the server's order.
 */
export function buildFolderTree(folders: readonly MaterialFolder[]): FolderNode[] {
  const nodes = new Map<number, FolderNode>(folders.map((f) => [f.id, { ...f, children: [] }]));
  const roots: FolderNode[] = [];
  for (const folder of folders) {
    const node = nodes.get(folder.id)!;
    const parent = folder.parentId === null ? undefined : nodes.get(folder.parentId);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Ids of a folder and all folders below it (a folder cannot move into any of them). */
export function folderAndDescendants(folders: readonly MaterialFolder[], id: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const f of folders) {
    if (f.parentId === null) continue;
    children.set(f.parentId, [...(children.get(f.parentId) ?? []), f.id]);
  }
  const out = new Set<number>();
  const stack = [id];
  while (stack.length) {
    const next = stack.pop()!;
    if (out.has(next)) continue;
    out.add(next);
    stack.push(...(children.get(next) ?? []));
  }
  return out;
}

/** The names from the top level down to folder `id` (empty when unknown). */
export function folderPath(folders: readonly MaterialFolder[], id: number): string[] {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const names: string[] = [];
  const seen = new Set<number>();
  let current = byId.get(id);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    names.unshift(current.name);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return names;
}

/** Total materials over all folders (for the "All materials" count). */
export function totalMaterialCount(folders: readonly MaterialFolder[]): number {
  return folders.reduce((sum, f) => sum + f.materialCount, 0);
}
