/** Throws unless this Node satisfies package.json's `engines.node` (see require-node.js). */
export function requireProjectNode(what: string): void
