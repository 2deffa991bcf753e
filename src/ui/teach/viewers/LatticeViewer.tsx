/**
 * The hierarchy-with-a-cut drawing (LatticeDrawing: Apriori Anonymization's full-subtree
 * generalization): the tree indented by depth, each node with how many of the data's items lie
 * under it; the nodes of the cut (what gets published) marked, the nodes below the cut dimmed,
 * nodes the step moved the cut to in yellow.
 */
import type { LatticeDrawing } from '../../../core/teach/trace.ts';
import type { ViewerProps } from './types.ts';

export function LatticeViewer({ state, changed }: ViewerProps<LatticeDrawing>) {
  const depth: number[] = [];
  const below: boolean[] = [];
  state.nodes.forEach((node, i) => {
    depth[i] = node.parent < 0 ? 0 : depth[node.parent] + 1;
    below[i] = node.parent >= 0 && (below[node.parent] || state.nodes[node.parent].cut);
  });
  return (
    <div
      className="teach-lattice"
      data-kind="lattice"
      data-cut={state.nodes
        .filter((n) => n.cut)
        .map((n) => n.label)
        .join(' | ')}
    >
      <ul>
        {state.nodes.map((node, i) => (
          <li
            key={node.id}
            style={{ paddingLeft: `${depth[i] * 1.4}em` }}
            className={[node.cut ? 'cut' : '', below[i] ? 'below' : '', changed.has(node.id) ? 'changed' : '']
              .filter(Boolean)
              .join(' ')}
          >
            <span className="node">{node.label}</span>
            {node.leaves > 1 && <span className="muted small"> {node.leaves} items</span>}
            {node.cut && <span className="published">published</span>}
          </li>
        ))}
      </ul>
      {state.caption && <p className="muted small">{state.caption}</p>}
    </div>
  );
}
