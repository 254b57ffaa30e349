/** How deep Markdown may nest (quotes in quotes, lists in lists) before the rest is cut. */
export const MARKDOWN_MAX_DEPTH = 24

type Node = { type: string; value?: string; children?: Node[] }

/**
 * A remark plugin that cuts a Markdown tree at {@link MARKDOWN_MAX_DEPTH} levels: what nests
 * deeper is replaced by `…`. A model can write `>` a thousand times, and drawing such a tree would
 * nest as many elements, more than a browser tab survives. Walks without recursion.
 */
export function limitDepth() {
  return (tree: Node) => {
    const stack: { node: Node; depth: number }[] = [{ node: tree, depth: 0 }]
    while (stack.length > 0) {
      const { node, depth } = stack.pop()!
      if (!node.children) continue
      if (depth + 1 >= MARKDOWN_MAX_DEPTH) {
        node.children = node.children.map((child) => (child.children ? { type: 'text', value: '…' } : child))
        continue
      }
      for (const child of node.children) stack.push({ node: child, depth: depth + 1 })
    }
  }
}
