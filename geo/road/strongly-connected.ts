/**
 * Marks the nodes of the largest strongly connected component of a directed graph (CSR).
 * Snapping only to these guarantees that every pair of snapped points is connected.
 * Iterative Tarjan: road graphs are deep enough to overflow a recursive one.
 */
export function largestStronglyConnected(nodeCount: number, first: Int32Array, target: Int32Array): Uint8Array {
  const index = new Int32Array(nodeCount).fill(-1);
  const low = new Int32Array(nodeCount);
  const onStack = new Uint8Array(nodeCount);
  const component = new Int32Array(nodeCount).fill(-1);
  const stack = new Int32Array(nodeCount);
  const callNode = new Int32Array(nodeCount);
  const callArc = new Int32Array(nodeCount);
  const sizes: number[] = [];
  let stackSize = 0;
  let nextIndex = 0;

  for (let root = 0; root < nodeCount; root++) {
    if (index[root] !== -1) continue;
    let depth = 0;
    callNode[0] = root;
    callArc[0] = first[root]!;
    index[root] = low[root] = nextIndex++;
    stack[stackSize++] = root;
    onStack[root] = 1;
    while (depth >= 0) {
      const node = callNode[depth]!;
      if (callArc[depth]! < first[node + 1]!) {
        const next = target[callArc[depth]!++]!;
        if (index[next] === -1) {
          index[next] = low[next] = nextIndex++;
          stack[stackSize++] = next;
          onStack[next] = 1;
          depth++;
          callNode[depth] = next;
          callArc[depth] = first[next]!;
        } else if (onStack[next] === 1) {
          low[node] = Math.min(low[node]!, index[next]!);
        }
        continue;
      }
      if (low[node] === index[node]) {
        const id = sizes.length;
        let size = 0;
        let member: number;
        do {
          member = stack[--stackSize]!;
          onStack[member] = 0;
          component[member] = id;
          size++;
        } while (member !== node);
        sizes.push(size);
      }
      depth--;
      if (depth >= 0) {
        const parent = callNode[depth]!;
        low[parent] = Math.min(low[parent]!, low[node]!);
      }
    }
  }

  let largest = 0;
  for (let id = 1; id < sizes.length; id++) if (sizes[id]! > sizes[largest]!) largest = id;
  const inLargest = new Uint8Array(nodeCount);
  for (let node = 0; node < nodeCount; node++) if (component[node] === largest && first[node + 1]! > first[node]!) inLargest[node] = 1;
  return inLargest;
}
